package io.apmreports.formula;

import java.util.Map;
import java.util.Set;

/**
 * Everything the service returned for one application (or host) over one range: the
 * metrics it found, by name. A metric the service listed in {@code metrics_not_found} is
 * simply not here.
 *
 * @param metrics metric name to its summarized values
 */
public record MetricSnapshot(Map<String, MetricValues> metrics) {

	public MetricSnapshot {
		metrics = Map.copyOf(metrics);
	}

	public static MetricSnapshot empty() {
		return new MetricSnapshot(Map.of());
	}

	public boolean has(String metricName) {
		return metrics.containsKey(metricName);
	}

	/** The metric's values, or {@code null} when the metric is absent. */
	public MetricValues get(String metricName) {
		return metrics.get(metricName);
	}

	public Set<String> names() {
		return metrics.keySet();
	}

}
