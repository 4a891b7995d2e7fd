package io.apmreports.job;

import java.nio.file.Path;
import java.util.List;

import io.apmreports.range.TimeRange;

/**
 * How a report run ended.
 *
 * @param result completed, failed, or not run because it had completed before
 * @param executionId the job execution, for {@code restart} and the log
 * @param range the range reported on
 * @param files the files written, when completed
 * @param message one line for the user: the failure's cause, or a note
 * @param statistics what the run cost, or {@code null} when nothing ran
 */
public record ReportOutcome(Result result, Long executionId, TimeRange range, List<Path> files, String message,
		RunStatistics statistics) {

	public ReportOutcome {
		files = List.copyOf(files);
	}

	/** The ways a run can end. */
	public enum Result {

		COMPLETED, FAILED, STOPPED, ALREADY_COMPLETED

	}

}
