package io.apmreports.staging;

/**
 * One consuming account of the month's bill, and how much of the month its allocation was
 * measured over.
 *
 * @param accountId the account
 * @param accountName its name, as the usage events give it
 * @param usageAccount whether it is the account the bill was asked in (the parent)
 * @param billedGigabytes its own ingest of the month, a parent's children taken out where
 * its row holds theirs
 * @param daysMeasured the days of the month whose byte estimates were measured
 * @param daysInMonth the days of the month
 * @param notMeasured why the account could not be measured at all, or {@code null}
 */
public record CostAccount(long accountId, String accountName, boolean usageAccount, double billedGigabytes,
		int daysMeasured, int daysInMonth, String notMeasured) {

	/** Whether some days of the month were not measured, and the split extrapolates. */
	public boolean extrapolated() {
		return daysMeasured < daysInMonth;
	}

}
