package io.apmreports.history;

import io.apmreports.range.TimeRange;

/**
 * One kept period of one subject.
 *
 * @param scope what it covers
 * @param accountId the account of an account's or application's row; 0 for a report's or
 * team's row
 * @param subject the application's id or the team's name; {@code ""} for a report's or
 * account's row
 * @param name the subject as readers met it then (the application's or account's name),
 * or {@code null}
 * @param period the period
 * @param figures its figures
 * @param origin where they came from
 * @param jobExecutionId the run that recorded them, or {@code null} for a backfill
 */
public record HistoryRow(HistoryScope scope, long accountId, String subject, String name, TimeRange period,
		HistoryFigures figures, HistoryOrigin origin, Long jobExecutionId) {

	public HistoryRow {
		subject = subject == null ? "" : subject;
	}

}
