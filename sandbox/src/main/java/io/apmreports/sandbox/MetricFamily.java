package io.apmreports.sandbox;

import java.util.List;

/**
 * The value names a metric offers. A request's {@code values[]} are matched against the
 * family, so a value name the family lacks is silently absent, as on the real service.
 */
enum MetricFamily {

	TIMING(List.of("average_response_time", "average_call_time", "call_count", "requests_per_minute",
			"min_response_time", "max_response_time", "total_call_time_per_minute")),
	APDEX(List.of("s", "t", "f", "count", "score", "threshold")), ERRORS(List.of("error_count", "errors_per_minute"));

	private final List<String> valueNames;

	MetricFamily(List<String> valueNames) {
		this.valueNames = valueNames;
	}

	List<String> valueNames() {
		return valueNames;
	}

	static MetricFamily of(String metricName) {
		if (metricName.equals("Apdex") || metricName.startsWith("Apdex/")) {
			return APDEX;
		}
		if (metricName.startsWith("Errors/")) {
			return ERRORS;
		}
		return TIMING;
	}

}
