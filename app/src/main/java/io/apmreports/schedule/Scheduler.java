package io.apmreports.schedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import io.apmreports.definition.ScheduleDefinition;
import io.apmreports.failure.Failures;
import io.apmreports.failure.LastingFailure;
import io.apmreports.range.TimeRange;
import io.apmreports.run.OldRuns;
import io.apmreports.run.ReportLauncher;
import io.apmreports.run.ReportOutcome;
import io.apmreports.run.ReportRequest;
import io.apmreports.run.RequestedRange;

/**
 * Scheduler mode. It fires each enabled schedule on its cron, one run at a time, and at
 * its start catches up the latest fire of each schedule within {@code schedule.catch-up}.
 * Every run gets the range of its fire time, never of the moment it starts, so a late,
 * caught-up or repeated fire is the same job instance as the one on time: a fire that
 * another node ran already (or a second fire of a daylight-saving night) is a no-op, and
 * one that another node is running is skipped with one line. A failed run, or one another
 * node had, is tried again after {@code schedule.retry-after} while its fire is within
 * the catch-up window. With {@code report.keep-for}, it removes the completed runs older
 * than that at its start and after every fire.
 */
@Component
public class Scheduler {

	private static final Logger log = LoggerFactory.getLogger(Scheduler.class);

	private static final Duration MAXIMUM_WAIT = Duration.ofMinutes(1);

	private final Schedules schedules;

	private final ReportLauncher launcher;

	private final ScheduleProperties properties;

	private final Clock clock;

	private final FailureNotices notices;

	private final SchedulerState state;

	private final OldRuns oldRuns;

	private final CountDownLatch stopping = new CountDownLatch(1);

	Scheduler(Schedules schedules, ReportLauncher launcher, ScheduleProperties properties, Clock clock,
			FailureNotices notices, SchedulerState state, OldRuns oldRuns) {
		this.state = state;
		this.schedules = schedules;
		this.launcher = launcher;
		this.properties = properties;
		this.clock = clock;
		this.notices = notices;
		this.oldRuns = oldRuns;
	}

	/**
	 * Every schedule, loaded and checked, so that a bad one stops the start; answers the
	 * enabled ones, one for each team of a schedule that fans out over teams.
	 */
	public List<ScheduleDefinition> enabledSchedules() {
		return schedules.enabled();
	}

	/**
	 * Runs the latest fire within the catch-up window of each enabled schedule, unless it
	 * ran already.
	 */
	public List<Fired> catchUp() {
		return enabledSchedules().stream().map(this::catchUp).flatMap(Optional::stream).toList();
	}

	private Optional<Fired> catchUp(ScheduleDefinition schedule) {
		Optional<ZonedDateTime> missed = FireTimes.latestWithin(schedule, clock.instant(), properties.catchUp());
		// a stop asked for during one catch-up run starts no other
		if (missed.isEmpty() || stopped()) {
			return Optional.empty();
		}
		log.info("Schedule {}: catching up its fire of {}", schedule.name(), missed.get());
		return Optional.of(fire(schedule, missed.get()));
	}

	/**
	 * Runs one fire: the schedule's report over the range of the fire time, e-mailed to
	 * its recipients.
	 */
	public Fired fire(ScheduleDefinition schedule, ZonedDateTime fireTime) {
		TimeRange range = schedule.rangeFor(fireTime);
		ReportOutcome outcome;
		state.firing(schedule.name());
		try {
			outcome = launcher.launch(new ReportRequest(schedule.report(), RequestedRange.of(range), null, false,
					schedule.recipients(), schedule.team(), schedule.sendWhen()));
		}
		catch (RuntimeException ex) {
			// one schedule's failure to start (its report file broke, the database was
			// away) must not end the others
			outcome = new ReportOutcome(ReportOutcome.Result.FAILED, null, range, List.of(), Failures.forUser(ex), null,
					List.of(), LastingFailure.in(ex));
		}
		switch (outcome.result()) {
			case COMPLETED ->
				log.info("Schedule {}: run {} for {} completed{}{}", schedule.name(), outcome.executionId(), range,
						outcome.sentTo().isEmpty() ? "" : " and was sent to " + String.join(", ", outcome.sentTo()),
						outcome.message() == null ? "" : "; " + outcome.message().replace("\n", "; "));
			case ALREADY_COMPLETED -> log.info("Schedule {}: run {} for {} completed before{}; nothing to do",
					schedule.name(), outcome.executionId(), range,
					outcome.sentTo().isEmpty() ? "" : " and was sent to " + String.join(", ", outcome.sentTo()));
			case BUSY -> log.info("Schedule {}: {}; this node moves on", schedule.name(), outcome.message());
			default -> log.warn("Schedule {}: run {} for {} ended {}: {}", schedule.name(), outcome.executionId(),
					range, outcome.result(), outcome.message());
		}
		Fired fired = new Fired(schedule.name(), fireTime, outcome);
		if (outcome.result() == ReportOutcome.Result.FAILED) {
			try {
				notices.failed(schedule, fireTime, outcome, retryAt(fired));
			}
			catch (RuntimeException ex) {
				// the database away, say: the failure is in the log, and the other
				// schedules go on
				log.warn("Schedule {}: its owners could not be told of the failed run: {}", schedule.name(),
						Failures.forUser(ex));
			}
		}
		state.fired();
		return fired;
	}

	/**
	 * Runs until {@link #stop()}: catches up, then waits for the next fire of any
	 * schedule, or for a retry, and runs it. A run that outlasts later fires makes them
	 * late, not lost: they run next, with their own ranges.
	 */
	public void run() {
		run(enabledSchedules());
	}

	/**
	 * {@link #run()} over schedules already loaded and checked, as the command line has
	 * them.
	 */
	public void run(List<ScheduleDefinition> schedules) {
		List<Pending> pending = new ArrayList<>();
		Instant now = clock.instant();
		for (ScheduleDefinition schedule : schedules) {
			FireTimes.next(schedule, now).ifPresent(time -> pending.add(new Pending(schedule, time, time, false)));
		}
		pending.forEach(p -> state.next(p.schedule().name(), p.fireTime()));
		state.ticked();
		log.info("Scheduler started: {}", pending.isEmpty() ? "no enabled schedule" : String.join(", ",
				pending.stream().map(p -> p.schedule().name() + " next at " + p.fireTime()).toList()));
		for (ScheduleDefinition schedule : schedules) {
			catchUp(schedule).ifPresent(fired -> retryIfNotDone(schedule, fired, pending));
		}
		removeOldRuns();
		while (!stopped()) {
			state.ticked();
			Optional<Pending> due = pending.stream().min(Comparator.comparing(p -> p.dueAt().toInstant()));
			// no fire to wait for: still round once a minute, so that liveness sees it
			if (awaitStop(
					due.isEmpty() ? MAXIMUM_WAIT : Duration.between(clock.instant(), due.get().dueAt().toInstant()))) {
				break;
			}
			// not yet due after a wait of a minute, or after the wall clock was set back:
			// wait on
			if (due.isEmpty() || clock.instant().isBefore(due.get().dueAt().toInstant())) {
				continue;
			}
			Pending next = due.get();
			pending.remove(next);
			if (!next.retry()) {
				FireTimes.next(next.schedule(), next.fireTime().toInstant()).ifPresent(time -> {
					pending.add(new Pending(next.schedule(), time, time, false));
					state.next(next.schedule().name(), time);
				});
			}
			retryIfNotDone(next.schedule(), fire(next.schedule(), next.fireTime()), pending);
			removeOldRuns();
		}
		log.info("Scheduler stopped");
	}

	/**
	 * Makes {@link #run()} return: it stops waiting, and a run going on stops at the end
	 * of its chunk.
	 */
	public void stop() {
		stopping.countDown();
		launcher.stopCurrent();
	}

	/**
	 * Queues another try of a fire whose run failed, or that another node had when this
	 * one tried (it may die), as long as the fire is within the catch-up window; a try of
	 * a run that completed meanwhile is a no-op.
	 */
	private void retryIfNotDone(ScheduleDefinition schedule, Fired fired, List<Pending> pending) {
		if (fired.outcome().lasting()) {
			log.warn("Schedule {}: the run for its fire of {} is not tried again: trying again cannot mend it",
					schedule.name(), fired.fireTime());
		}
		retryAt(fired).ifPresent(retryAt -> {
			log.info("Schedule {}: trying the run for its fire of {} again at {}", schedule.name(), fired.fireTime(),
					retryAt);
			pending.add(new Pending(schedule, fired.fireTime(), retryAt, true));
		});
	}

	/**
	 * When a fire is tried again: a failed run, or one another node had, after
	 * {@code schedule.retry-after} while the fire is within the catch-up window; never a
	 * run that completed, nor one whose failure trying again cannot mend (a refused key,
	 * a selection that matches nothing).
	 */
	Optional<ZonedDateTime> retryAt(Fired fired) {
		ReportOutcome outcome = fired.outcome();
		if ((outcome.result() != ReportOutcome.Result.FAILED && outcome.result() != ReportOutcome.Result.BUSY)
				|| outcome.lasting()) {
			return Optional.empty();
		}
		return FireTimes.retryAt(fired.fireTime(), clock.instant(), properties.retryAfter(), properties.catchUp());
	}

	/**
	 * Removes the runs older than {@code report.keep-for}, but never one whose fire the
	 * catch-up window still covers: it would be run and sent again.
	 */
	private void removeOldRuns() {
		// a long sweep is work, as a fire is: liveness waits for it
		state.firing("removing old runs");
		try {
			int removed = oldRuns.remove(properties.catchUp());
			if (removed > 0) {
				log.info("Removed {} completed {} older than report.keep-for", removed, removed == 1 ? "run" : "runs");
			}
		}
		catch (RuntimeException ex) {
			// the database away, say: the next sweep tries again, and firing goes on
			log.warn("Old runs could not be removed: {}", Failures.forUser(ex));
		}
		finally {
			state.fired();
		}
	}

	private boolean stopped() {
		return stopping.getCount() == 0;
	}

	/** Waits for a stop, at most {@code timeout}; answers whether it was stopped. */
	private boolean awaitStop(Duration timeout) {
		try {
			// at most a minute at a time: the timer does not follow the wall clock, which
			// a suspend or a clock change moves, so the due time is checked against it
			// again after each minute
			Duration wait = timeout.compareTo(MAXIMUM_WAIT) > 0 ? MAXIMUM_WAIT : timeout;
			return wait.isNegative() || wait.isZero() ? stopped()
					: stopping.await(wait.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return true;
		}
	}

	/**
	 * A fire waiting to run.
	 *
	 * @param schedule the schedule
	 * @param fireTime the fire time, which fixes the range
	 * @param dueAt when to run it: the fire time, or later for a retry
	 * @param retry whether it is a retry of a failed run
	 */
	private record Pending(ScheduleDefinition schedule, ZonedDateTime fireTime, ZonedDateTime dueAt, boolean retry) {
	}

}
