package io.apmreports.formula;

/**
 * The account's headline figures from its applications' figures, fed one application at a
 * time: calls and web throughput summed, response time and Apdex weighted by web
 * throughput (the share of the account's web calls each application served), the error
 * rate weighted by calls (which makes it the account's errors over its calls). An
 * application whose figure is absent adds nothing to it; a figure none of them has is
 * absent, never 0.
 */
public final class AccountFigures {

	private final Sum calls = new Sum();

	private final Sum webThroughput = new Sum();

	private final WeightedMean responseTime = new WeightedMean();

	private final WeightedMean apdex = new WeightedMean();

	private final WeightedMean errorRate = new WeightedMean();

	/**
	 * Adds one application's figures over the range.
	 * @param callVolume its web and non-web calls
	 * @param webThroughputRpm its web throughput
	 * @param responseTimeMs its response time with request queuing
	 * @param apdexScore its Apdex score
	 * @param errorRate its errors per web and non-web call
	 */
	public void add(Double callVolume, Double webThroughputRpm, Double responseTimeMs, Double apdexScore,
			Double errorRate) {
		calls.add(callVolume);
		webThroughput.add(webThroughputRpm);
		responseTime.add(responseTimeMs, webThroughputRpm);
		apdex.add(apdexScore, webThroughputRpm);
		this.errorRate.add(errorRate, callVolume);
	}

	public Double calls() {
		return calls.value();
	}

	public Double webThroughputRpm() {
		return webThroughput.value();
	}

	/** Response time per web call of the account. */
	public Double responseTimeMs() {
		return responseTime.value();
	}

	/**
	 * Apdex of the account's web calls, each application's score weighted by its web
	 * throughput (its share of the web calls).
	 */
	public Double apdexScore() {
		return apdex.value();
	}

	/** The account's errors per call. */
	public Double errorRate() {
		return errorRate.value();
	}

	/**
	 * {@code sum(value x weight) / sum(weight)} over the pairs where both are present;
	 * absent when the weights add up to nothing.
	 */
	static final class WeightedMean {

		private double weighted;

		private double weights;

		void add(Double value, Double weight) {
			if (isFinite(value) && isFinite(weight) && weight > 0) {
				weighted += value * weight;
				weights += weight;
			}
		}

		Double value() {
			return weights > 0 ? weighted / weights : null;
		}

	}

	private static boolean isFinite(Double value) {
		return value != null && Double.isFinite(value);
	}

}
