package io.apmreports.history;

/**
 * The figures kept of one subject over one period; each absent where its inputs were,
 * never 0. A run records what its report tells (calls, throughput, response time, Apdex,
 * error rate); the service-level report adds what the vendor's SLA figures have beside
 * them.
 *
 * @param calls web and non-web calls
 * @param webCalls web requests ({@code HttpDispatcher:call_count}), the SLA's requests
 * @param throughputRpm web throughput
 * @param responseTimeMs response time with request queuing
 * @param apdexScore Apdex score, 0 to 1
 * @param apdexSatisfied the share of satisfied requests, 0 to 1
 * @param apdexTolerating the share of tolerating requests, 0 to 1
 * @param apdexFrustrated the share of frustrated requests, 0 to 1
 * @param errorRate errors per call, 0 to 1
 */
public record HistoryFigures(Double calls, Double webCalls, Double throughputRpm, Double responseTimeMs,
		Double apdexScore, Double apdexSatisfied, Double apdexTolerating, Double apdexFrustrated, Double errorRate) {

	/** The figures a weekly report tells, without the SLA's. */
	public static HistoryFigures headline(Double calls, Double throughputRpm, Double responseTimeMs, Double apdexScore,
			Double errorRate) {
		return new HistoryFigures(calls, null, throughputRpm, responseTimeMs, apdexScore, null, null, null, errorRate);
	}

}
