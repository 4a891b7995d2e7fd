package io.apmreports.formula;

import java.util.Map;

/**
 * The summarized values of one metric over one range, as an open map of value name to
 * number, because the service adds value names without notice.
 *
 * @param values value name to value, e.g. {@code call_count -> 99770}
 */
public record MetricValues(Map<String, Double> values) {

	public static final String AVERAGE_RESPONSE_TIME = "average_response_time";

	public static final String AVERAGE_CALL_TIME = "average_call_time";

	public static final String CALL_COUNT = "call_count";

	public static final String REQUESTS_PER_MINUTE = "requests_per_minute";

	public MetricValues {
		values = Map.copyOf(values);
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
