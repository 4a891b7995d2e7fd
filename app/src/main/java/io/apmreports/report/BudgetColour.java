package io.apmreports.report;

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

	/** The colour of what is left; absent where the budget is. */
	static BudgetColour of(Double remaining) {
		if (remaining == null) {
			return null;
		}
		if (remaining <= 0) {
			return RED;
		}
		return remaining > ServiceLevelBudget.GREEN_ABOVE ? GREEN : YELLOW;
	}

}
