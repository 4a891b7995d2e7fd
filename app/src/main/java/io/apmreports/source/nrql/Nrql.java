package io.apmreports.source.nrql;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

import io.apmreports.range.TimeRange;

/**
 * The text of the NRQL queries the source sends: timeslice metrics ({@code FROM Metric}),
 * selected by application ids and metric names, faceted, over a window in epoch
 * milliseconds.
 */
final class Nrql {

	/** The value every timeslice function reads. */
	static final String VALUE = "newrelic.timeslice.value";

	/**
	 * What REST's timing family holds: {@code call_count}, the average in seconds (the
	 * client makes it milliseconds), {@code requests_per_minute}.
	 */
	static final String TIMING = "count(" + VALUE + ") AS calls, average(" + VALUE + ") AS average, rate(count(" + VALUE
			+ "), 1 minute) AS rate";

	/** The Apdex family: an object with score, s, t, f and count. */
	static final String APDEX = "apdex(" + VALUE + ") AS apdex";

	/** The facet limit {@code LIMIT MAX} stands for. */
	static final int LIMIT_MAX = 5000;

	static final String APP_ID = "appId";

	static final String NAME = "metricTimesliceName";

	static final String HOST = "host";

	private Nrql() {
	}

	/**
	 * {@code SELECT select FROM Metric WHERE where... FACET facets window LIMIT}, the
	 * limit being the facets the answer may hold.
	 */
	static String query(String select, List<String> where, List<String> facets, String window, int limit) {
		StringBuilder text = new StringBuilder("SELECT ").append(select).append(" FROM Metric");
		if (!where.isEmpty()) {
			text.append(" WHERE ").append(String.join(" AND ", where));
		}
		if (!facets.isEmpty()) {
			text.append(" FACET ").append(String.join(", ", facets));
		}
		text.append(' ').append(window);
		return text.append(" LIMIT ").append(limit >= LIMIT_MAX ? "MAX" : Integer.toString(limit)).toString();
	}

	/** {@code appId IN (1, 2)}. */
	static String applications(Collection<Long> ids) {
		return APP_ID + " IN (" + ids.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")";
	}

	/** {@code metricTimesliceName IN ('a', 'b')}, or {@code = 'a'} for one name. */
	static String names(Collection<String> names) {
		if (names.size() == 1) {
			return NAME + " = " + quoted(names.iterator().next());
		}
		return NAME + " IN (" + names.stream().map(Nrql::quoted).collect(Collectors.joining(", ")) + ")";
	}

	/** {@code metricTimesliceName LIKE 'pattern'}, {@code %} matching any run. */
	static String nameLike(String pattern) {
		return NAME + " LIKE " + quoted(pattern);
	}

	/**
	 * {@code SINCE <from ms> UNTIL <to ms>}: since inclusive, until exclusive, as a
	 * range.
	 */
	static String window(TimeRange range) {
		return window(range.from().toInstant(), range.to().toInstant());
	}

	static String window(Instant from, Instant to) {
		return "SINCE " + from.toEpochMilli() + " UNTIL " + to.toEpochMilli();
	}

	/** A string literal: single quotes, with quotes and backslashes escaped. */
	static String quoted(String text) {
		return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
	}

}
