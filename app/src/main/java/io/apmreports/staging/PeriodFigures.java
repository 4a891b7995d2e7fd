package io.apmreports.staging;

import io.apmreports.formula.AccountFigures;

/**
 * An application's figures that add up to the account's, over one period; each absent
 * where its inputs were.
 *
 * @param calls web and non-web calls
 * @param webThroughputRpm web throughput
 * @param responseTimeMs response time with request queuing
 * @param apdexScore Apdex score, 0 to 1
 * @param errorRate errors per call, 0 to 1
 */
public record PeriodFigures(Double calls, Double webThroughputRpm, Double responseTimeMs, Double apdexScore,
		Double errorRate) {

	/** Adds these figures to the account's. */
	public void addTo(AccountFigures account) {
		account.add(calls, webThroughputRpm, responseTimeMs, apdexScore, errorRate);
	}

}
