package io.apmreports.job;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.step.StepExecution;

/**
 * How far a running run is: the step it is at, and for a fetch step the applications done
 * of all it has to do, with an estimate of the time left at the pace so far. Read from
 * the run's step executions, as any process reading the shared job repository finds them:
 * a fetch step keeps its total in its context as it starts, and its done is its write
 * count, one per application, as its chunks commit.
 *
 * @param step the step's name in the job ({@code fetchTrends}), for matching, never for
 * showing: {@link #section} and {@link #line} are the words to show
 * @param section what the step is about, in a user's words: "trends"
 * @param done applications done by the step
 * @param total applications the step has to do; 0 for a step that does not count them
 * @param left the time left at the pace so far, or {@code null} before there is a pace to
 * tell it by, or for a step that does not count applications
 */
public record RunProgress(String step, String section, long done, long total, Duration left) {

	/** Where a fetch step keeps how many applications it has to do. */
	static final String TOTAL_KEY = "progress.total";

	/**
	 * The step a running execution is at now, or empty when it is not running or between
	 * steps. Of the steps that run side by side, the one with the most applications left:
	 * the one the run waits for.
	 */
	public static Optional<RunProgress> of(JobExecution execution) {
		return of(execution, Clock.systemDefaultZone());
	}

	/**
	 * The same, with the time left worked out at the time of {@code clock}, in the zone
	 * the job repository's times are in.
	 */
	public static Optional<RunProgress> of(JobExecution execution, Clock clock) {
		return steps(execution, clock).stream()
			.max(Comparator.comparingLong(RunProgress::remaining)
				.thenComparing(progress -> StepWords.of(progress.step()), Comparator.reverseOrder()));
	}

	/**
	 * Every step a running execution is at now (the sections' fetches run side by side),
	 * in step order.
	 */
	public static List<RunProgress> steps(JobExecution execution, Clock clock) {
		if (!execution.isRunning()) {
			return List.of();
		}
		LocalDateTime now = LocalDateTime.now(clock);
		return execution.getStepExecutions()
			.stream()
			.filter(step -> step.getStatus().isRunning())
			.sorted(Comparator.comparing(step -> StepWords.of(step.getStepName())))
			.map(step -> of(step, now))
			.toList();
	}

	private static RunProgress of(StepExecution step, LocalDateTime now) {
		long total = step.getExecutionContext().getLong(TOTAL_KEY, 0);
		long done = step.getWriteCount();
		Duration elapsed = step.getStartTime() == null ? Duration.ZERO : Duration.between(step.getStartTime(), now);
		return new RunProgress(step.getStepName(), StepWords.of(step.getStepName()).section(), done, total,
				left(done, total, elapsed));
	}

	/**
	 * The time left for {@code total - done} at the pace of {@code done} in
	 * {@code elapsed}, to the second; {@code null} while nothing is done.
	 */
	static Duration left(long done, long total, Duration elapsed) {
		if (done <= 0 || total <= 0) {
			return null;
		}
		if (done >= total) {
			return Duration.ZERO;
		}
		return Duration.ofSeconds(Math.round(elapsed.toMillis() / 1000.0 * (total - done) / done));
	}

	/**
	 * What the step is doing, in a line: "Fetching trends: 120 of 400 applications, about
	 * 2 min left".
	 */
	public String line() {
		String doing = StepWords.of(step).doing();
		if (total <= 0) {
			return doing;
		}
		// a step done with its applications is left nothing to tell of the time
		boolean timeLeft = left != null && done < total;
		return doing + ": " + done + " of " + total + " applications" + (timeLeft ? ", " + words(left) : "");
	}

	private long remaining() {
		return Math.max(0, total - done);
	}

	/** "about 2 min left", rounded to the minute: the pace changes as the run goes. */
	static String words(Duration left) {
		if (left.toSeconds() < 60) {
			return "less than a minute left";
		}
		long minutes = Math.round(left.toSeconds() / 60.0);
		if (minutes < 60) {
			return "about " + minutes + " min left";
		}
		return "about " + minutes / 60 + " h" + (minutes % 60 == 0 ? "" : " " + minutes % 60 + " min") + " left";
	}

}
