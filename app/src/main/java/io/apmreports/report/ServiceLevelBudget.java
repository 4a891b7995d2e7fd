package io.apmreports.report;

/**
 * The error budget of a month: how much of what the target allows to go wrong went wrong,
 * and what is left. The same formulas as the service-level job's in {@code formula}; one
 * place here, so that a merge points the report at those.
 */
final class ServiceLevelBudget {

	/** The share left above which a budget is green (the vendor's 25 %). */
	static final double GREEN_ABOVE = 0.25;

	private ServiceLevelBudget() {
	}

	/**
	 * (100 - attainment) / (100 - target): 1 is the whole budget, above 1 overspent;
	 * absent without an attainment or a target, and for a target of 100, which allows
	 * nothing.
	 */
	static Double consumed(Double attainmentPct, Double targetPct) {
		if (attainmentPct == null || targetPct == null || targetPct >= 100) {
			return null;
		}
		return (100 - attainmentPct) / (100 - targetPct);
	}

	/** 1 - consumed: below 0 when overspent. */
	static Double remaining(Double consumed) {
		return consumed == null ? null : 1 - consumed;
	}

}
