package io.apmreports.formula;

/**
 * The service-level report's formulas, one plain function each, as the vendor defines its
 * figures: attainment is good of valid events, clamped at 100 % as its own result query
 * clamps it; the error budget of a month is what the target leaves of bad events, and how
 * much of it the month used. Every function answers {@code null} where an input is absent
 * or the result would not be a finite number, never 0.
 */
public final class ServiceLevelFormulas {

	/** The vendor's colours of the remaining budget: yellow at a quarter or less left. */
	private static final double YELLOW_AT = 0.25;

	private ServiceLevelFormulas() {
	}

	/**
	 * Attainment in percent: {@code min(100, good / valid * 100)}; absent without valid
	 * events (none, or none counted), or without good ones.
	 */
	public static Double attainmentPct(Double good, Double valid) {
		if (good == null || !Formulas.isPositive(valid)) {
			return null;
		}
		Double attainment = Formulas.finite(good / valid * 100);
		return attainment == null ? null : Math.min(100, attainment);
	}

	/**
	 * The share of the error budget a month consumed:
	 * {@code (100 - attainment) / (100 - target)}; above 1 when the month fell below its
	 * target. Absent without attainment or target, and for a target of 100 %, which
	 * leaves no budget to consume.
	 */
	public static Double budgetConsumed(Double attainmentPct, Double targetPct) {
		if (attainmentPct == null || targetPct == null || targetPct >= 100) {
			return null;
		}
		return Formulas.finite((100 - attainmentPct) / (100 - targetPct));
	}

	/**
	 * The share of the error budget left: {@code 1 - consumed}; negative when the budget
	 * is overspent.
	 */
	public static Double budgetRemaining(Double consumed) {
		return consumed == null ? null : Formulas.finite(1 - consumed);
	}

	/**
	 * The colour the vendor shows a remaining budget in: green above 25 % left, yellow at
	 * 25 % or less, red when spent; absent without a budget.
	 */
	public static BudgetColour colour(Double remaining) {
		if (remaining == null) {
			return null;
		}
		if (remaining <= 0) {
			return BudgetColour.RED;
		}
		return remaining > YELLOW_AT ? BudgetColour.GREEN : BudgetColour.YELLOW;
	}

	/**
	 * An Apdex share of the vendor's SLA figures: {@code Apdex:s|t|f / Apdex:count};
	 * absent without samples.
	 */
	public static Double share(Double part, Double count) {
		if (part == null || !Formulas.isPositive(count)) {
			return null;
		}
		return Formulas.finite(part / count);
	}

	/** The colours of a remaining error budget, as the vendor's pages show them. */
	public enum BudgetColour {

		/** More than a quarter of the budget left. */
		GREEN,

		/** A quarter or less left, not yet spent. */
		YELLOW,

		/** Spent or overspent. */
		RED

	}

}
