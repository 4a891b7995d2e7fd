package io.apmreports.formula;

/**
 * How a column's values are written: as text, or as numbers with a format that says what
 * they measure.
 */
public enum Kind {

	TEXT, INTEGER, BOOLEAN, TIME, RATE, MILLISECONDS,

	/** An identifier: a number, but not an amount, so never grouped in thousands. */
	ID,

	/** A fraction such as an error rate, shown as a percentage in the workbook. */
	FRACTION,

	/** An Apdex score, 0 to 1. */
	SCORE,

	/** A change in percent. */
	PERCENT,

	/**
	 * A rate's change in percentage points (0.05 for +0.05 pp): a percent of a percentage
	 * would mislead.
	 */
	POINTS,

	/** A count or amount without a unit. */
	NUMBER

}
