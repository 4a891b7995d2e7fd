package io.apmreports.formula;

import java.util.HashMap;
import java.util.Map;

/** Builds summarized metric values for formula tests. */
final class MetricFixtures {

	private final Map<String, MetricValues> metrics = new HashMap<>();

	static MetricFixtures metrics() {
		return new MetricFixtures();
	}

	/**
	 * A timing-family metric whose average call time equals its average response time, as
	 * the service reports.
	 */
	MetricFixtures timing(String name, double averageTime, double callCount, double requestsPerMinute) {
		metrics.put(name, timing(averageTime, callCount, requestsPerMinute));
		return this;
	}

	static MetricValues timing(double averageTime, double callCount, double requestsPerMinute) {
		return new MetricValues(Map.of(MetricValues.AVERAGE_RESPONSE_TIME, averageTime, MetricValues.AVERAGE_CALL_TIME,
				averageTime, MetricValues.CALL_COUNT, callCount, MetricValues.REQUESTS_PER_MINUTE, requestsPerMinute));
	}

	MetricSnapshot snapshot() {
		return new MetricSnapshot(metrics);
	}

}
