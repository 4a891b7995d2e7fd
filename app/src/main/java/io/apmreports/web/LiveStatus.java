package io.apmreports.web;

import java.util.Optional;

import org.springframework.batch.core.job.JobExecution;

import io.apmreports.job.RunProgress;

/**
 * A run's status as a page polls it: and while it goes on, the step it is at and the
 * applications that step has done of all, with an estimate of the time left, as
 * {@link RunProgress} reads them from the shared job repository.
 *
 * @param executionId the run
 * @param status its batch status
 * @param going whether it is starting, going on or stopping, and so worth polling
 * @param line what it is doing, in words; empty when it is not going on
 * @param done applications done by the step it is at
 * @param total applications that step has to do; 0 for a step that does not count them
 */
public record LiveStatus(long executionId, String status, boolean going, String line, long done, long total) {

	/** The run's status now, read from its execution and its steps'. */
	public static LiveStatus of(JobExecution execution) {
		boolean going = execution.getStatus().isRunning();
		Optional<RunProgress> progress = going ? RunProgress.of(execution) : Optional.empty();
		if (progress.isEmpty()) {
			// between steps, or before the first has started
			return new LiveStatus(execution.getId(), execution.getStatus().name(), going, going ? "Starting" : "", 0,
					0);
		}
		RunProgress at = progress.get();
		return new LiveStatus(execution.getId(), execution.getStatus().name(), true, at.line(), at.done(), at.total());
	}

	/** The share done, 0 to 100, for a bar; 0 for a step that does not count. */
	public long percent() {
		return total <= 0 ? 0 : Math.min(100, done * 100 / total);
	}

}
