package io.apmreports.report;

import io.apmreports.formula.ServiceLevelFormulas;

/**
 * An error budget's colour as the vendor's service-level pages show it: green with more
 * than a quarter left, yellow with a quarter or less, red when spent.
 */
public enum BudgetColour {

	GREEN("green"), YELLOW("yellow"), RED("red");

	private final String word;

	BudgetColour(String word) {
		this.word = word;
	}

	/** The colour in words, as the CSV file and the messages write it. */
	public String word() {
		return word;
	}

	/**
	 * The colour of what is left, by {@link ServiceLevelFormulas#colour}; absent where
	 * the budget is.
	 */
	static BudgetColour of(Double remaining) {
		ServiceLevelFormulas.BudgetColour colour = ServiceLevelFormulas.colour(remaining);
		return colour == null ? null : valueOf(colour.name());
	}

}
