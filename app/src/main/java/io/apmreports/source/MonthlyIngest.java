package io.apmreports.source;

import java.time.YearMonth;

/**
 * The gigabytes one account ingested under one usage metric in one past billing month:
 * the history a cost report compares against.
 *
 * @param month the billing month (UTC)
 * @param consumingAccountId the account the data was sent to
 * @param usageMetric the usage metric
 * @param gigabytes the gigabytes ingested
 */
public record MonthlyIngest(YearMonth month, long consumingAccountId, String usageMetric, double gigabytes) {
}
