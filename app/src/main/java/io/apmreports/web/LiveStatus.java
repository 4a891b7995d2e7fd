package io.apmreports.web;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Comparator;
import java.util.Optional;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.step.StepExecution;

/**
 * A run's status as a page polls it: and while it goes on, the step it is at and the
 * applications that step has done of all, with an estimate of the time left.
 *
 * @param executionId the run
 * @param status its batch status
 * @param going whether it is starting, going on or stopping, and so worth polling
 * @param line what it is doing, in words; empty when it is not going on
 * @param done applications done by the step it is at
 * @param total applications that step has to do; 0 for a step that does not count them
 */
public record LiveStatus(long executionId, String status, boolean going, String line, long done, long total) {

	/** Where a fetch step keeps how many applications it has to do. */
	private static final String TOTAL_KEY = "progress.total";

	/** The run's status now, read from its execution and its steps'. */
	public static LiveStatus of(JobExecution execution) {
		boolean going = execution.getStatus().isRunning();
		Optional<StepExecution> step = going ? current(execution) : Optional.empty();
		if (step.isEmpty()) {
			return new LiveStatus(execution.getId(), execution.getStatus().name(), going, going ? "Starting" : "", 0,
					0);
		}
		StepExecution at = step.get();
		long total = at.getExecutionContext().getLong(TOTAL_KEY, 0);
		long done = at.getWriteCount();
		return new LiveStatus(execution.getId(), execution.getStatus().name(), true,
				line(at.getStepName(), done, total, left(done, total, elapsed(at))), done, total);
	}

	/**
	 * Of the steps going on side by side, the one with the most applications left: the
	 * one the run waits for.
	 */
	private static Optional<StepExecution> current(JobExecution execution) {
		return execution.getStepExecutions()
			.stream()
			.filter(step -> step.getStatus().isRunning())
			.max(Comparator
				.comparingLong(step -> step.getExecutionContext().getLong(TOTAL_KEY, 0) - step.getWriteCount()));
	}

	/** "Step fetchTrends: 120 of 400 applications, about 2 min left". */
	static String line(String step, long done, long total, Duration left) {
		String doing = "Step " + step;
		if (total <= 0) {
			return doing;
		}
		return doing + ": " + done + " of " + total + " applications" + (left == null ? "" : ", " + words(left));
	}

	/**
	 * The time left for {@code total - done} at the pace of {@code done} in
	 * {@code elapsed}; {@code null} while nothing is done.
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

	/** "about 2 min left", to the minute: the pace changes as the run goes. */
	static String words(Duration left) {
		if (left.toSeconds() < 60) {
			return "less than a minute left";
		}
		long minutes = Math.round(left.toSeconds() / 60.0);
		return minutes < 60 ? "about " + minutes + " min left"
				: "about " + minutes / 60 + " h" + (minutes % 60 == 0 ? "" : " " + minutes % 60 + " min") + " left";
	}

	/** The share done, 0 to 100, for a bar; 0 for a step that does not count. */
	public long percent() {
		return total <= 0 ? 0 : Math.min(100, done * 100 / total);
	}

	// Spring Batch records LocalDateTime.now(), the time of this machine's zone
	private static Duration elapsed(StepExecution step) {
		return step.getStartTime() == null ? Duration.ZERO : Duration.between(step.getStartTime(), LocalDateTime.now());
	}

}
