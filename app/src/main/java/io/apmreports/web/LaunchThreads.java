package io.apmreports.web;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.LongConsumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.stereotype.Component;

import io.apmreports.failure.Failures;
import io.apmreports.failure.RunFailedException;
import io.apmreports.failure.UserFacingException;
import io.apmreports.run.ReportLauncher;
import io.apmreports.run.ReportOutcome;
import io.apmreports.web.LaunchAnswer.Status;

/**
 * Runs the console's launches and restarts on its few threads, and answers the user as
 * soon as the run has an id (or ended without one), while the run goes on. When the
 * context closes (SIGTERM), runs going on are asked to stop at their chunk's end, and
 * waited for, so that they end STOPPED and can be restarted.
 */
@Component
class LaunchThreads implements ApplicationListener<ContextClosedEvent> {

	private static final Logger log = LoggerFactory.getLogger(LaunchThreads.class);

	/**
	 * How long a user waits for the run's id: taking the lock and recording the run take
	 * a moment, unless the launch waits for a thread.
	 */
	static final Duration START_WAIT = Duration.ofSeconds(20);

	private final ThreadPoolTaskExecutor threads;

	private final ReportLauncher launcher;

	private final Set<CompletableFuture<ReportOutcome>> going = ConcurrentHashMap.newKeySet();

	private final AtomicBoolean closing = new AtomicBoolean();

	private final ApplicationContext context;

	LaunchThreads(@Qualifier("consoleLaunches") ThreadPoolTaskExecutor threads, ReportLauncher launcher,
			ApplicationContext context) {
		this.threads = threads;
		this.launcher = launcher;
		this.context = context;
	}

	/**
	 * Runs {@code launch} on a thread of its own; {@code started} is told the run's id on
	 * that thread, as the job records it.
	 * @param what the launch in words, for the answer's line
	 * @param launch the launch, given what to tell of the run's id
	 */
	LaunchAnswer start(String what, Function<LongConsumer, ReportOutcome> launch, LongConsumer started) {
		CompletableFuture<Long> startedId = new CompletableFuture<>();
		CompletableFuture<ReportOutcome> outcome;
		try {
			outcome = CompletableFuture.supplyAsync(() -> {
				if (closing.get()) {
					throw new UserFacingException(what + " was not started: the console is stopping");
				}
				return launch.apply(id -> {
					started.accept(id);
					startedId.complete(id);
				});
			}, threads);
		}
		catch (RejectedExecutionException ex) {
			throw new UserFacingException("the console is running " + ConsoleExecutor.THREADS + " launches and has "
					+ ConsoleExecutor.QUEUED + " more waiting: launch again once one has ended");
		}
		going.add(outcome);
		outcome.whenComplete((ended, failure) -> {
			going.remove(outcome);
			if (failure != null) {
				log.warn("{} ended with: {}", what, Failures.forUser(unwrapped(failure)));
			}
		});
		return answer(what, startedId, outcome, START_WAIT);
	}

	/**
	 * The answer once the run has an id, or the launch ended without one, or {@code wait}
	 * has passed.
	 */
	static LaunchAnswer answer(String what, CompletableFuture<Long> started, CompletableFuture<ReportOutcome> outcome,
			Duration wait) {
		try {
			CompletableFuture.anyOf(started, outcome).get(wait.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			return new LaunchAnswer(Status.WAITING, null,
					what + " waits for one of the console's launches to end; it shows among the runs once it starts");
		}
		catch (ExecutionException ex) {
			throw refusal(what, unwrapped(ex.getCause()));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new UserFacingException(
					what + ": the console stopped waiting for it; see the runs whether it started");
		}
		if (started.isDone()) {
			long id = started.join();
			return new LaunchAnswer(Status.STARTED, id, what + ": run " + id + " started");
		}
		return ended(what, outcome.join());
	}

	/** The answer of a launch that ended before any run of it started. */
	private static LaunchAnswer ended(String what, ReportOutcome outcome) {
		if (outcome.result() == ReportOutcome.Result.BUSY) {
			return new LaunchAnswer(Status.BUSY, null, outcome.message());
		}
		if (outcome.executionId() == null) {
			throw new RunFailedException(outcome.message() == null ? what + " ran nothing" : outcome.message());
		}
		if (outcome.result() == ReportOutcome.Result.ALREADY_COMPLETED) {
			return new LaunchAnswer(Status.EXISTING, outcome.executionId(), outcome.message());
		}
		return new LaunchAnswer(Status.STARTED, outcome.executionId(),
				outcome.message() == null ? what + ": run " + outcome.executionId() : outcome.message());
	}

	private static UserFacingException refusal(String what, Throwable failure) {
		if (failure instanceof UserFacingException userFacing) {
			return userFacing;
		}
		return new RunFailedException(what + " could not start: " + Failures.forUser(failure), failure);
	}

	private static Throwable unwrapped(Throwable failure) {
		return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
	}

	/**
	 * Asks the runs going on to stop at their chunk's end, again each second (a run that
	 * was starting is asked too), until they have ended or SIGTERM's patience is spent;
	 * launches still waiting for a thread start nothing. Done as the context starts
	 * closing, before any of the beans a run uses is stopped or destroyed.
	 */
	@Override
	public void onApplicationEvent(ContextClosedEvent event) {
		if (event.getApplicationContext() != context) {
			// a child context (the management server's) closing: the runs go on
			return;
		}
		closing.set(true);
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ConsoleExecutor.STOP_SECONDS);
		CompletableFuture<Void> all = CompletableFuture.allOf(going.toArray(CompletableFuture[]::new));
		while (!all.isDone() && System.nanoTime() < deadline) {
			launcher.stopCurrent();
			try {
				all.get(1, TimeUnit.SECONDS);
			}
			catch (TimeoutException | ExecutionException ex) {
				// not all ended yet, or one ended failing: isDone tells which
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

}
