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
 * @param median the median of the figure over the (up to) 12 periods before this one, as
 * the kept history holds them; {@code null} where fewer than 3 are kept or the history
 * keeps no such figure
 */
public record ComparisonRow(long applicationId, String applicationName, String metric, Double current, Double previous,
		Double change, Double changePct, Double median) {

	/** A row without the median, as the run's tables hold it. */
	public ComparisonRow(long applicationId, String applicationName, String metric, Double current, Double previous,
			Double change, Double changePct) {
		this(applicationId, applicationName, metric, current, previous, change, changePct, null);
	}

	/** The same row with the figure's median over the periods before. */
	public ComparisonRow withMedian(Double its) {
		return new ComparisonRow(applicationId, applicationName, metric, current, previous, change, changePct, its);
	}

}
