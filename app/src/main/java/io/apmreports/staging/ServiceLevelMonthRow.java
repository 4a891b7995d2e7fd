package io.apmreports.staging;

import java.time.YearMonth;

/**
 * One service level over one calendar month of a service-level run: the run's month and
 * the 11 before it. Storage holds the numbers; the report computes the budget from them.
 *
 * @param guid the level's guid
 * @param month the month, in the report's zone
 * @param beforeCreation whether the month ended before the level existed: no figures, and
 * readers say so rather than show 0 or 100 %
 * @param partial whether the level was created during the month
 * @param attainmentPct good of valid in percent, at most 100, or {@code null}
 * @param good good events, or {@code null}
 * @param valid valid events, or {@code null}
 */
public record ServiceLevelMonthRow(String guid, YearMonth month, boolean beforeCreation, boolean partial,
		Double attainmentPct, Double good, Double valid) {
}
