package io.apmreports.source;

import io.apmreports.range.TimeRange;

/**
 * A service level over one calendar month, as the vendor answers its result queries; each
 * figure absent where the vendor holds none (before the level's creation), never 0.
 *
 * @param guid the level's guid
 * @param month the month
 * @param attainmentPct the indicator query's answer: good of valid in percent, at most
 * 100
 * @param good the good events
 * @param valid the valid events
 */
public record ServiceLevelMonth(String guid, TimeRange month, Double attainmentPct, Double good, Double valid) {
}
