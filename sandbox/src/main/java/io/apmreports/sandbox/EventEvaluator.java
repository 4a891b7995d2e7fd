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
 * groups them by facet and writes one row per facet (or one row without FACET) as the
 * Metric answers are written: the largest first by the first column, cut at the limit,
 * facets as {@code "facet"} (and by name for one attribute, a list for several).
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

	private record Group(List<Object> facet, Map<String, Object> values) {
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
		Map<List<Object>, List<UsageEvents.Row>> byFacet = new LinkedHashMap<>();
		for (String eventType : query.eventTypes()) {
			for (UsageEvents.Row row : events.rows(eventType, fromHour, toHour, nowHour)) {
				if (!matches(row, query.where())) {
					continue;
				}
				List<Object> facet = new ArrayList<>(query.facets().size());
				for (String name : query.facets()) {
					facet.add(facetValue(row, name));
				}
				if (!facet.contains(null)) {
					byFacet.computeIfAbsent(facet, f -> new ArrayList<>()).add(row);
				}
			}
		}
		if (query.facets().isEmpty() && byFacet.isEmpty()) {
			byFacet.put(List.of(), List.of());
		}
		List<Group> groups = new ArrayList<>();
		byFacet.forEach((facet, rows) -> groups.add(new Group(facet, values(query, rows))));
		List<Map<String, Object>> answer = new ArrayList<>();
		for (Group group : query.facets().isEmpty() ? groups : ordered(query, groups)) {
			Map<String, Object> row = new LinkedHashMap<>();
			putFacet(row, query.facets(), group.facet());
			row.putAll(group.values());
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

	private static Map<String, Object> values(EventQuery query, List<UsageEvents.Row> rows) {
		Map<String, Object> values = new LinkedHashMap<>();
		for (EventQuery.Select select : query.select()) {
			values.put(select.name(), value(select, rows));
		}
		return values;
	}

	private static Object value(EventQuery.Select select, List<UsageEvents.Row> rows) {
		return switch (select.function()) {
			case BYTE_COUNT_ESTIMATE -> rows.stream().mapToDouble(UsageEvents.Row::estimate).sum();
			case SUM -> {
				double sum = 0;
				for (UsageEvents.Row row : rows) {
					if (row.attributes().get(select.attribute()) instanceof Number number) {
						sum += number.doubleValue();
					}
				}
				yield sum;
			}
			case LATEST -> {
				Object latest = null;
				long at = Long.MIN_VALUE;
				for (UsageEvents.Row row : rows) {
					Object value = row.attributes().get(select.attribute());
					if (value != null && row.hour() >= at) {
						latest = value;
						at = row.hour();
					}
				}
				yield latest;
			}
		};
	}

	private List<Group> ordered(EventQuery query, List<Group> groups) {
		String first = query.select().get(0).name();
		Comparator<Group> order = Comparator
			.comparingDouble(
					(Group g) -> g.values().get(first) instanceof Number n ? n.doubleValue() : Double.NEGATIVE_INFINITY)
			.reversed()
			.thenComparing(g -> g.facet().toString());
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
