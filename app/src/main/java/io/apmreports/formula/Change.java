package io.apmreports.formula;

/**
 * A figure against its value in the previous period.
 *
 * @param current this period's value, {@code null} when absent
 * @param previous the previous period's value, {@code null} when absent or not fetched
 */
public record Change(Double current, Double previous) {

	/** Current less previous; absent unless both are there. */
	public Double difference() {
		return current == null || previous == null ? null : current - previous;
	}

	/**
	 * The change in percent of the previous value; absent unless both are there, and from
	 * 0, where no percentage exists.
	 */
	public Double percent() {
		Double difference = difference();
		return difference == null || previous == 0 ? null : 100 * difference / previous;
	}

}
