package io.apmreports.staging;

/**
 * One row of {@code comparison.csv}: one figure of an application, this range against the
 * previous one of the same calendar length.
 *
 * @param applicationId application id
 * @param applicationName application name
 * @param metric the figure's column name in {@code summary.csv}
 * @param current this range's value
 * @param previous the previous range's value
 * @param change current less previous
 * @param changePct the change in percent of the previous value
 */
public record ComparisonRow(long applicationId, String applicationName, String metric, Double current, Double previous,
		Double change, Double changePct) {
}
