package io.apmreports.staging;

import java.time.YearMonth;

/**
 * One account's gigabytes of one team in one of the months a cost report looks back over
 * (the report's month among them).
 *
 * @param month the billing month
 * @param accountId the consuming account
 * @param team the team, or {@code null} for applications without the tag and for what is
 * not allocated
 * @param allocated {@code false} for what no application carries, or no measurement of
 * the month covered
 * @param gigabytes the gigabytes
 */
public record CostMonth(YearMonth month, long accountId, String team, boolean allocated, double gigabytes) {
}
