package io.apmreports.staging;

/**
 * An application's figures in the range and in the previous period, as the first look at
 * a report compares them.
 *
 * @param applicationName its name
 * @param status ok or no_data
 * @param now its figures in the range
 * @param before its figures in the previous period, all absent when the run did not fetch
 * it
 * @param link its page in the vendor's UI, or {@code null}
 * @param accountId the account it belongs to, or {@code null} for a run staged before
 * runs kept it
 */
public record ApplicationPeriods(String applicationName, String status, PeriodFigures now, PeriodFigures before,
		String link, Long accountId) {

	/** An application without a link to its page. */
	public ApplicationPeriods(String applicationName, String status, PeriodFigures now, PeriodFigures before) {
		this(applicationName, status, now, before, null, null);
	}

}
