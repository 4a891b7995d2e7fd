package io.apmreports.source;

import java.time.LocalDate;

/**
 * The vendor's byte count estimate ({@code bytecountestimate()}) of one day's events of
 * one usage metric's rule in one account: of one application, or of all the rule's
 * events, those without an application too.
 *
 * @param accountId the account measured
 * @param day the day (UTC) measured, never more than a day at a time as the vendor
 * advises
 * @param usageMetric the usage metric of the rule measured
 * @param application the application's name, or {@code null} for all the rule's events
 * @param bytes the estimated bytes
 */
public record ByteEstimate(long accountId, LocalDate day, String usageMetric, String application, double bytes) {

	/** Whether this is the estimate of all the rule's events. */
	public boolean whole() {
		return application == null;
	}

}
