package io.apmreports.run;

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
 * @param sentTo the recipients the report was e-mailed to, by this run or an earlier
 * attempt of it
 * @param lasting for a failed run, whether trying again cannot mend it (a refused key, a
 * selection that matches nothing)
 */
public record ReportOutcome(Result result, Long executionId, TimeRange range, List<Path> files, String message,
		RunStatistics statistics, List<String> sentTo, boolean lasting) {

	public ReportOutcome {
		files = List.copyOf(files);
		sentTo = List.copyOf(sentTo);
	}

	public ReportOutcome(Result result, Long executionId, TimeRange range, List<Path> files, String message,
			RunStatistics statistics, List<String> sentTo) {
		this(result, executionId, range, files, message, statistics, sentTo, false);
	}

	ReportOutcome(Result result, Long executionId, TimeRange range, List<Path> files, String message,
			RunStatistics statistics) {
		this(result, executionId, range, files, message, statistics, List.of());
	}

	/** The ways a run can end. */
	public enum Result {

		COMPLETED, FAILED, STOPPED, ALREADY_COMPLETED,

		/**
		 * Another process (another scheduler node) is launching or running the same
		 * report and range.
		 */
		BUSY

	}

}
