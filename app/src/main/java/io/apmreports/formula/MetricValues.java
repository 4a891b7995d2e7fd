package io.apmreports.formula;

import java.util.HashMap;
import java.util.Map;

/**
 * The summarized values of one metric over one range, as an open map of value name to
 * number, because the service adds value names without notice.
 *
 * @param values value name to value, e.g. {@code call_count -> 99770}
 */
public record MetricValues(Map<String, Double> values) {

	static final String AVERAGE_RESPONSE_TIME = "average_response_time";

	static final String AVERAGE_CALL_TIME = "average_call_time";

	static final String CALL_COUNT = "call_count";

	static final String REQUESTS_PER_MINUTE = "requests_per_minute";

	public MetricValues {
		values = Map.copyOf(values);
	}

	/**
	 * A timing metric's values as REST names them: its calls, its average time in ms (the
	 * average response time and the average call time alike) and its calls per minute; an
	 * absent one is left out.
	 */
	public static MetricValues timing(Double callCount, Double averageMs, Double requestsPerMinute) {
		Map<String, Double> values = new HashMap<>();
		putPresent(values, CALL_COUNT, callCount);
		putPresent(values, AVERAGE_RESPONSE_TIME, averageMs);
		putPresent(values, AVERAGE_CALL_TIME, averageMs);
		putPresent(values, REQUESTS_PER_MINUTE, requestsPerMinute);
		return new MetricValues(values);
	}

	private static void putPresent(Map<String, Double> values, String name, Double value) {
		if (value != null) {
			values.put(name, value);
		}
	}

	/** The value, or {@code null} when the service did not return it. */
	public Double get(String valueName) {
		return values.get(valueName);
	}

	public Double averageResponseTime() {
		return get(AVERAGE_RESPONSE_TIME);
	}

	public Double averageCallTime() {
		return get(AVERAGE_CALL_TIME);
	}

	public Double callCount() {
		return get(CALL_COUNT);
	}

	public Double requestsPerMinute() {
		return get(REQUESTS_PER_MINUTE);
	}

}
