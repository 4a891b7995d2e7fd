package io.apmreports.sandbox;

import java.time.Instant;
import java.time.YearMonth;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a {@link SliQuery} over one account's demo service levels
 * ({@link SandboxServiceLevels}): sums their data points in the window (a point at a
 * minute's start counts where SINCE &lt;= it &lt; UNTIL), grouped by facet, and writes
 * one row per group as the other NRQL answers are written. Faceted groups are those with
 * data points, largest first by the first column and cut at the limit (10 by default) as
 * the service does; without FACET there is always one row, nulls where the window holds
 * no points.
 */
final class SliEvaluator {

	private static final int DEFAULT_LIMIT = 10;

	private static final long HOUR_MILLIS = 3_600_000;

	private final long accountId;

	private final int facetLimit;

	private final Runnable cut;

	SliEvaluator(long accountId, int facetLimit, Runnable cut) {
		this.accountId = accountId;
		this.facetLimit = facetLimit;
		this.cut = cut;
	}

	List<Map<String, Object>> run(SliQuery query, long nowMillis) {
		long until = query.until() == null ? nowMillis : query.until().millis(nowMillis);
		long since = query.since() == null ? until - HOUR_MILLIS : query.since().millis(nowMillis);
		if (since >= until) {
			throw new NrqlException("SINCE must be before UNTIL");
		}
		Map<List<String>, long[]> groups = new LinkedHashMap<>();
		if (query.facets().isEmpty()) {
			groups.put(List.of(), new long[4]);
		}
		Instant now = Instant.ofEpochMilli(nowMillis);
		for (SandboxServiceLevels.Demo demo : SandboxServiceLevels.demos(accountId)) {
			if (query.where().stream().allMatch(c -> c.matches(attribute(demo, c.attribute())))) {
				add(query, demo, new SandboxServiceLevels.Points(demo, now), since, until, groups);
			}
		}
		List<Map.Entry<List<String>, long[]>> kept = ordered(query, groups);
		List<Map<String, Object>> rows = new ArrayList<>();
		for (Map.Entry<List<String>, long[]> group : kept) {
			Map<String, Object> row = new LinkedHashMap<>();
			putFacet(row, query.facets(), group.getKey());
			SliQuery.Sums sums = sums(group.getValue());
			for (SliQuery.Select select : query.select()) {
				row.put(select.name(), select.expression().value(sums));
			}
			rows.add(row);
		}
		return rows;
	}

	private static String attribute(SandboxServiceLevels.Demo demo, String name) {
		return name.equals("sli.id") ? Long.toString(demo.id()) : demo.guid();
	}

	/** The level's points in the window, month by month where the months are facets. */
	private static void add(SliQuery query, SandboxServiceLevels.Demo demo, SandboxServiceLevels.Points points,
			long since, long until, Map<List<String>, long[]> groups) {
		boolean byMonth = query.facets().contains(EventQuery.MONTH_OF);
		long from = since;
		while (from < until) {
			ZonedDateTime start = Instant.ofEpochMilli(from).atZone(query.zone());
			YearMonth month = YearMonth.from(start);
			long to = byMonth ? Math.min(until,
					month.plusMonths(1).atDay(1).atStartOfDay(query.zone()).toInstant().toEpochMilli()) : until;
			long[] sums = new long[4];
			for (long minute = points.first(from); minute < points.end(to); minute++) {
				for (SandboxServiceLevels.Metric metric : SandboxServiceLevels.Metric.values()) {
					sums[metric.ordinal()] += points.value(minute, metric);
				}
				sums[3]++;
			}
			if (sums[3] > 0 || query.facets().isEmpty()) {
				List<String> key = new ArrayList<>();
				for (String facet : query.facets()) {
					key.add(facet.equals(EventQuery.MONTH_OF) ? EventQueryParser.monthName(month.atDay(1))
							: attribute(demo, facet));
				}
				long[] total = groups.computeIfAbsent(key, k -> new long[4]);
				for (int i = 0; i < 4; i++) {
					total[i] += sums[i];
				}
			}
			from = to;
		}
	}

	private static SliQuery.Sums sums(long[] group) {
		return new SliQuery.Sums(new long[] { group[0], group[1], group[2] }, group[3]);
	}

	private List<Map.Entry<List<String>, long[]>> ordered(SliQuery query, Map<List<String>, long[]> groups) {
		List<Map.Entry<List<String>, long[]>> all = new ArrayList<>(groups.entrySet());
		if (query.facets().isEmpty()) {
			return all;
		}
		SliQuery.Select first = query.select().get(0);
		Comparator<Map.Entry<List<String>, long[]>> order = Comparator
			.comparingDouble((Map.Entry<List<String>, long[]> e) -> {
				Double value = first.expression().value(sums(e.getValue()));
				return value == null ? Double.NEGATIVE_INFINITY : value;
			})
			.reversed()
			.thenComparing(e -> String.join("\u0000", e.getKey()));
		int asked = query.limit() == 0 ? DEFAULT_LIMIT : query.limit();
		int limit = asked == -1 ? facetLimit : Math.min(facetLimit, asked);
		if (all.size() > limit) {
			cut.run();
		}
		return all.stream().sorted(order).limit(limit).toList();
	}

	/**
	 * The facets as the service writes them: one as {@code "facet": v} and by its name;
	 * several only as {@code "facet": [a, b]}.
	 */
	private static void putFacet(Map<String, Object> row, List<String> facets, List<String> values) {
		if (facets.size() == 1) {
			row.put("facet", values.get(0));
			row.put(facets.get(0), values.get(0));
		}
		else if (!facets.isEmpty()) {
			row.put("facet", values);
		}
	}

}
