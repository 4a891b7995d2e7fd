package io.apmreports.staging;

/**
 * One line of the month's allocation: the gigabytes of one usage metric an account's
 * application was allocated, or, without an application, what no application carries.
 *
 * @param accountId the consuming account
 * @param application the application's name, or {@code null} for the account's
 * unallocated part of the metric
 * @param team the application's value of the report's grouping tag, or {@code null} where
 * it lacks the tag or the line is unallocated
 * @param usageMetric the usage metric
 * @param gigabytes the gigabytes allocated (or left unallocated)
 * @param estimatedGigabytes the application's byte estimate over the days measured, in
 * gigabytes, extrapolated to the whole month; {@code null} for an unallocated line
 */
public record CostRow(long accountId, String application, String team, String usageMetric, double gigabytes,
		Double estimatedGigabytes) {

	/** Whether this line is what no application carries. */
	public boolean unallocated() {
		return application == null;
	}

}
