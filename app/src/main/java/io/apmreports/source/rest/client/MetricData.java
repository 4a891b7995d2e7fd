package io.apmreports.source.rest.client;

import java.time.OffsetDateTime;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An answer of the metric data endpoints: for each metric found, its timeslices; and the
 * names the service did not find, which is how an absent metric shows.
 *
 * @param from start of the data, as the service aligned it
 * @param to end of the data
 * @param notFound names listed in {@code metrics_not_found}
 * @param metrics name to timeslices (exactly one when summarized)
 */
public record MetricData(OffsetDateTime from, OffsetDateTime to, Set<String> notFound,
		Map<String, List<Timeslice>> metrics) {

	public MetricData {
		notFound = Set.copyOf(notFound);
		metrics = Map.copyOf(metrics);
	}

	/**
	 * This answer and another over the same range as one: the metrics of both, and the
	 * names neither found. The range is this answer's, as the service aligned it.
	 */
	public MetricData merge(MetricData other) {
		Map<String, List<Timeslice>> merged = new LinkedHashMap<>(metrics);
		merged.putAll(other.metrics);
		Set<String> notFoundInEither = new HashSet<>(notFound);
		notFoundInEither.addAll(other.notFound);
		notFoundInEither.removeAll(merged.keySet());
		return new MetricData(from, to, notFoundInEither, merged);
	}

	/**
	 * One timeslice of a metric.
	 *
	 * @param from slice start
	 * @param to slice end
	 * @param values value name to number, an open map
	 */
	public record Timeslice(OffsetDateTime from, OffsetDateTime to, Map<String, Double> values) {

		public Timeslice {
			values = Map.copyOf(values);
		}

	}

}
