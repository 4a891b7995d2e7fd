package io.apmreports.report;

import io.apmreports.definition.SendWhen;

/**
 * What any {@code send-when} rule is decided on, kept with a run so that the rule its
 * schedule names, or one given to {@code deliver} later, is answered without its tables:
 * whether there is news, and the account's figures and the worst of any application's.
 *
 * @param news whether there are regressions, failed or gone applications
 * @param accountApdex the account's Apdex score over the range
 * @param accountErrorRate the account's error rate
 * @param accountResponseTimeMs the account's response time
 * @param lowestApdex the lowest Apdex score of any application
 * @param highestErrorRate the highest error rate of any application
 * @param highestResponseTimeMs the highest response time of any application
 */
public record SendFacts(boolean news, Double accountApdex, Double accountErrorRate, Double accountResponseTimeMs,
		Double lowestApdex, Double highestErrorRate, Double highestResponseTimeMs) {

	/** Facts that call for sending under no rule but {@code always}. */
	public static final SendFacts NONE = new SendFacts(false, null, null, null, null, null, null);

	/**
	 * Whether the figures call for sending under {@code when}: news, or a figure past a
	 * limit for the account or for any one application. An application past any one limit
	 * is one past it, so the worst of each figure decides as each application would.
	 */
	public boolean callFor(SendWhen when) {
		if (when.always()) {
			return true;
		}
		if (when.onlyWithNews()) {
			return news;
		}
		return when.eachApplication() ? when.crossed(lowestApdex, highestErrorRate, highestResponseTimeMs)
				: when.crossed(accountApdex, accountErrorRate, accountResponseTimeMs);
	}

}
