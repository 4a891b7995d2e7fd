package io.apmreports.source.nrql;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.apmreports.formula.MetricValues;
import io.apmreports.source.Figuring;

/**
 * NRQL aggregates as the values REST v2 names them, so that the formulas read the same
 * numbers whichever source found them: {@code count} is {@code call_count} (or
 * {@code error_count} for {@code Errors/*}), {@code average * 1000} both
 * {@code average_response_time} and {@code average_call_time} (milliseconds),
 * {@code rate} per minute {@code requests_per_minute}, and {@code apdex}'s members
 * {@code score}, {@code s}, {@code t}, {@code f} and {@code count}.
 */
final class Snapshots {

	static final String CALLS = "calls";

	static final String AVERAGE = "average";

	static final String RATE = "rate";

	static final String APDEX = "apdex";

	/**
	 * The members of {@code apdex()}. A row that holds them flat beside its other columns
	 * must hold no other column of these names: the aliases of {@link Nrql#TIMING}, which
	 * shares a row with Apdex in the key transactions' query, are none of them.
	 */
	static final List<String> APDEX_MEMBERS = List.of("score", "s", "t", "f", "count");

	private Snapshots() {
	}

	/**
	 * A timing metric's values ({@link Nrql#TIMING}). A metric with a row is present even
	 * with no calls in the range: NRQL's {@code average()} of no calls is null where REST
	 * answers 0, and a present term of no calls adds 0 to its figure rather than dropping
	 * out of it (specification 4.7: queue time "has value zero when queuing time was zero
	 * in the range").
	 */
	static MetricValues timing(FacetRow row) {
		Double calls = row.number(CALLS);
		Double average = row.number(AVERAGE);
		Double averageMs = null;
		if (average != null) {
			averageMs = average * 1000;
		}
		else if (calls != null && calls == 0) {
			averageMs = 0.0;
		}
		return MetricValues.timing(calls, averageMs, row.number(RATE));
	}

	/** An errors metric's values: its count is the errors'. */
	static MetricValues errors(FacetRow row) {
		return Figuring.errors(row.number(CALLS));
	}

	/**
	 * An Apdex metric's values ({@link Nrql#APDEX}), or {@code null} without any. No
	 * document of the vendor shows the JSON of {@code apdex()}, so its members are read
	 * in every shape clients make of it (see {@link FacetRow#members}).
	 */
	static MetricValues apdex(FacetRow row) {
		Map<String, Double> values = row.members(APDEX, APDEX_MEMBERS);
		return values.isEmpty() ? null : new MetricValues(values);
	}

	/**
	 * An application's rows by the facet at {@code position} (a metric name, a host).
	 * @throws IllegalArgumentException when two rows share it: a summarized answer holds
	 * one row per facet
	 */
	static Map<String, FacetRow> by(List<FacetRow> rows, int position) {
		Map<String, FacetRow> byFacet = new LinkedHashMap<>();
		for (FacetRow row : rows) {
			if (byFacet.put(row.facet(position), row) != null) {
				throw new IllegalArgumentException("the answer held two rows for " + row.facets());
			}
		}
		return byFacet;
	}

}
