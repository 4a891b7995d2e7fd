package io.apmreports.source.rest.client;

import java.util.List;

import io.apmreports.range.TimeRange;

/**
 * One request for metric data: the names of one value family and its value names, over
 * the run's range.
 *
 * @param names metric names, sent as repeated {@code names[]}
 * @param values value names, sent as repeated {@code values[]}
 * @param range the run's range
 * @param summarize one value for the range instead of a series
 */
public record MetricQuery(List<String> names, List<String> values, TimeRange range, boolean summarize) {

	/**
	 * The timing family shared by HttpDispatcher, WebTransactionTotalTime, queue,
	 * datastore, database and others.
	 */
	public static final List<String> TIMING_VALUES = List.of("average_response_time", "average_call_time", "call_count",
			"requests_per_minute");

	/** The Apdex family. */
	public static final List<String> APDEX_VALUES = List.of("s", "t", "f", "count", "score", "threshold");

	/** The errors family. */
	public static final List<String> ERROR_VALUES = List.of("error_count");

	public MetricQuery {
		if (names.isEmpty() || values.isEmpty()) {
			throw new IllegalArgumentException("a metric query needs names and values");
		}
		names = List.copyOf(names);
		values = List.copyOf(values);
	}

	/**
	 * The same query for other names: one part of a query split into several requests.
	 */
	MetricQuery withNames(List<String> otherNames) {
		return new MetricQuery(otherNames, values, range, summarize);
	}

	public static MetricQuery summarized(List<String> names, List<String> values, TimeRange range) {
		return new MetricQuery(names, values, range, true);
	}

}
