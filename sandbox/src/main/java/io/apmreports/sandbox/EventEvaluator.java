package io.apmreports.sandbox;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs an {@link EventQuery} over one account's {@link UsageEvents}: takes the rows of
 * every event type named whose hour starts in the window, keeps those the WHERE allows,
 * sums them up by facet as they come (a year of hourly rows is never held at once) and
 * writes one row per facet (or one row without FACET) as the Metric answers are written:
 * the largest first by the first column, cut at the limit, facets as {@code "facet"} (and
 * by name for one attribute, a list for several).
 */
final class EventEvaluator {

	private static final int DEFAULT_LIMIT = 10;

	private static final long HOUR_MILLIS = 3_600_000;

	private final UsageEvents events;

	private final int facetLimit;

	private final NrqlShapes shapes;

	private final Runnable cut;

	EventEvaluator(UsageEvents events, int facetLimit, NrqlShapes shapes, Runnable cut) {
		this.events = events;
		this.facetLimit = facetLimit;
		this.shapes = shapes;
		this.cut = cut;
	}

	/** One facet's running values, one per SELECT item. */
	private static final class Group {

		private final List<Object> facet;

		private final double[] sums;

		private final Object[] latest;

		private final long[] latestHour;

		Group(List<Object> facet, int columns) {
			this.facet = facet;
			this.sums = new double[columns];
			this.latest = new Object[columns];
			this.latestHour = new long[columns];
		}

		void add(EventQuery query, UsageEvents.Row row) {
			for (int i = 0; i < sums.length; i++) {
				EventQuery.Select select = query.select().get(i);
				Object value = select.attribute() == null ? null : row.attributes().get(select.attribute());
				switch (select.function()) {
					case BYTE_COUNT_ESTIMATE -> sums[i] += row.estimate();
					case SUM -> sums[i] += value instanceof Number number ? number.doubleValue() : 0;
					case LATEST -> {
						if (value != null && (latest[i] == null || row.hour() >= latestHour[i])) {
							latest[i] = value;
							latestHour[i] = row.hour();
						}
					}
				}
			}
		}

		/** The number facets are ordered by: the first column's; a missing one last. */
		double key(EventQuery query) {
			if (query.select().get(0).function() != EventQuery.Function.LATEST) {
				return sums[0];
			}
			return latest[0] instanceof Number number ? number.doubleValue() : Double.NEGATIVE_INFINITY;
		}

		Map<String, Object> values(EventQuery query) {
			Map<String, Object> values = new LinkedHashMap<>();
			for (int i = 0; i < sums.length; i++) {
				EventQuery.Select select = query.select().get(i);
				values.put(select.name(), select.function() == EventQuery.Function.LATEST ? latest[i] : sums[i]);
			}
			return values;
		}

	}

	List<Map<String, Object>> run(EventQuery query, long nowMillis) {
		long untilMillis = query.until() == null ? nowMillis : query.until().millis(nowMillis);
		long sinceMillis = query.since() == null ? untilMillis - HOUR_MILLIS : query.since().millis(nowMillis);
		if (sinceMillis >= untilMillis) {
			throw new NrqlException("SINCE must be before UNTIL");
		}
		long fromHour = Math.floorDiv(sinceMillis + HOUR_MILLIS - 1, HOUR_MILLIS);
		long toHour = Math.floorDiv(untilMillis + HOUR_MILLIS - 1, HOUR_MILLIS);
		long nowHour = Math.floorDiv(nowMillis, HOUR_MILLIS);
		Map<List<Object>, Group> byFacet = new LinkedHashMap<>();
		for (String eventType : query.eventTypes()) {
			events.each(eventType, fromHour, toHour, nowHour, row -> {
				if (!matches(row, query.where())) {
					return;
				}
				List<Object> facet = new ArrayList<>(query.facets().size());
				for (String name : query.facets()) {
					facet.add(facetValue(row, name));
				}
				if (!facet.contains(null)) {
					byFacet.computeIfAbsent(facet, f -> new Group(f, query.select().size())).add(query, row);
				}
			});
		}
		if (query.facets().isEmpty() && byFacet.isEmpty()) {
			byFacet.put(List.of(), new Group(List.of(), query.select().size()));
		}
		List<Map<String, Object>> answer = new ArrayList<>();
		List<Group> groups = new ArrayList<>(byFacet.values());
		for (Group group : query.facets().isEmpty() ? groups : ordered(query, groups)) {
			Map<String, Object> row = new LinkedHashMap<>();
			putFacet(row, query.facets(), group.facet);
			row.putAll(group.values(query));
			answer.add(row);
		}
		return answer;
	}

	private static boolean matches(UsageEvents.Row row, List<NrqlCondition> where) {
		for (NrqlCondition condition : where) {
			Object value = row.attributes().get(condition.attribute());
			if (!condition.matches(value == null ? null : text(value))) {
				return false;
			}
		}
		return true;
	}

	/** A value as a condition compares it: whole numbers without a decimal point. */
	private static String text(Object value) {
		if (value instanceof Double d && d == Math.rint(d) && !d.isInfinite()) {
			return Long.toString(d.longValue());
		}
		return value.toString();
	}

	private static Object facetValue(UsageEvents.Row row, String name) {
		if (name.equals(EventQuery.MONTH_OF)) {
			return EventQueryParser.monthName(LocalDate.ofEpochDay(Math.floorDiv(row.hour(), 24)));
		}
		return row.attributes().get(name);
	}

	private List<Group> ordered(EventQuery query, List<Group> groups) {
		Comparator<Group> order = Comparator.comparingDouble((Group g) -> g.key(query))
			.reversed()
			.thenComparing(g -> g.facet.toString());
		int asked = query.limit() == 0 ? DEFAULT_LIMIT : query.limit();
		int limit = asked == -1 ? facetLimit : Math.min(facetLimit, asked);
		if (groups.size() > limit) {
			cut.run();
		}
		return groups.stream().sorted(order).limit(limit).toList();
	}

	/**
	 * The facets as the service writes them: one as {@code "facet": v} and by its name;
	 * several only as {@code "facet": [a, b]}.
	 */
	private void putFacet(Map<String, Object> row, List<String> facets, List<Object> values) {
		if (facets.isEmpty()) {
			return;
		}
		List<Object> written = values.stream()
			.map(v -> shapes.facetValues() == NrqlShapes.FacetValues.TEXT ? v.toString() : v)
			.toList();
		if (facets.size() == 1) {
			row.put("facet", written.get(0));
			row.put(facets.get(0), written.get(0));
		}
		else {
			row.put("facet", written);
		}
	}

}
