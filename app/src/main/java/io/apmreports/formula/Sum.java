package io.apmreports.formula;

/**
 * A sum of the values present, fed one at a time: absent when none is, so that a total of
 * nothing is an empty cell rather than 0. A value that is not finite counts as absent.
 */
public final class Sum {

	private double total;

	private boolean present;

	public void add(Number value) {
		if (value != null && Double.isFinite(value.doubleValue())) {
			total += value.doubleValue();
			present = true;
		}
	}

	public Double value() {
		return present ? total : null;
	}

}
