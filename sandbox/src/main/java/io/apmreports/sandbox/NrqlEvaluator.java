package io.apmreports.sandbox;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a parsed query over the synthetic account: selects the units, groups them by
 * facet, orders and cuts the facets as the real service does (largest first by the first
 * aggregate, ties by facet values; beyond the limit silently dropped), and writes the
 * flat rows of {@code results} in the {@link NrqlShapes} asked for. LIMIT counts facets,
 * not rows: a {@code TIMESERIES} answer holds every bucket of each facet it keeps, empty
 * ones too, as a recorded answer of the live service to
 * {@code ... FACET x LIMIT 3 TIMESERIES 1 hour} over 6 hours did with its 18 rows, 3
 * facets by 6 buckets (gripinvest/gi-analytics, notes on
 * {@code backend/tests/fixtures/new_relic/Q1_timeseries_response.json}).
 */
final class NrqlEvaluator {

	private static final int DEFAULT_LIMIT = 10;

	private final NrqlUnits units;

	private final int facetLimit;

	private final NrqlShapes shapes;

	private final Runnable cut;

	/**
	 * @param facetLimit the facets {@code LIMIT MAX} gives, and the most any LIMIT gives
	 * @param shapes how rows are written where the service's shape is unknown
	 * @param cut told of each answer whose facets the limit cut, which the answer itself
	 * does not tell
	 */
	NrqlEvaluator(NrqlUnits units, int facetLimit, NrqlShapes shapes, Runnable cut) {
		this.units = units;
		this.facetLimit = facetLimit;
		this.shapes = shapes;
		this.cut = cut;
	}

	/** One facet's values and its units' sums, bucket by bucket. */
	private record Group(List<Object> facet, List<List<NrqlValues.Summed>> sums) {
	}

	/** A group and the number it is ordered by. */
	private record Keyed(Group group, double key) {
	}

	List<Map<String, Object>> run(NrqlQuery query, long nowMillis) {
		NrqlWindow window = NrqlWindow.of(query, nowMillis);
		Map<List<Object>, List<NrqlUnit>> byFacet = new LinkedHashMap<>();
		for (NrqlUnit unit : units.select(query.where())) {
			List<Object> facet = new ArrayList<>(query.facets().size());
			for (String attribute : query.facets()) {
				facet.add(unit.attribute(attribute));
			}
			if (!facet.contains(null)) {
				byFacet.computeIfAbsent(facet, f -> new ArrayList<>()).add(unit);
			}
		}
		List<long[]> buckets = window.buckets();
		List<Group> groups = new ArrayList<>();
		byFacet.forEach((facet, members) -> {
			if (answers(query, members)) {
				groups.add(new Group(facet, summed(members, buckets)));
			}
		});
		List<Group> kept = query.facets().isEmpty() ? groups : ordered(query, window, groups);
		List<Map<String, Object>> rows = new ArrayList<>();
		for (Group group : kept) {
			for (int b = 0; b < buckets.size(); b++) {
				long[] bucket = buckets.get(b);
				Map<String, Object> row = new LinkedHashMap<>();
				if (window.timeseries()) {
					row.put("beginTimeSeconds", bucket[0] * 60);
					row.put("endTimeSeconds", bucket[1] * 60);
				}
				putFacet(row, query.facets(), group.facet());
				for (NrqlQuery.Select select : query.select()) {
					put(row, select.name(), NrqlValues.value(select, group.sums().get(b), bucket[1] - bucket[0]));
				}
				rows.add(row);
			}
		}
		return rows;
	}

	/**
	 * A group of units without any host answers no row to a query of host or instance
	 * counts only: an application that does not report has no hosts to count, and REST
	 * shows no counts for it either. Metric values of such an application answer zeros,
	 * as REST does.
	 */
	private static boolean answers(NrqlQuery query, List<NrqlUnit> members) {
		boolean countsOnly = query.select()
			.stream()
			.allMatch(s -> s.function().kind() == NrqlFunction.Kind.UNIQUE_COUNT);
		return !countsOnly || members.stream().anyMatch(u -> u.host() != null);
	}

	private static List<List<NrqlValues.Summed>> summed(List<NrqlUnit> members, List<long[]> buckets) {
		List<List<NrqlValues.Summed>> perBucket = new ArrayList<>(buckets.size());
		for (long[] bucket : buckets) {
			List<NrqlValues.Summed> summed = new ArrayList<>(members.size());
			for (NrqlUnit unit : members) {
				summed.add(new NrqlValues.Summed(unit, unit.aggregate(bucket[0], bucket[1])));
			}
			perBucket.add(summed);
		}
		return perBucket;
	}

	private List<Group> ordered(NrqlQuery query, NrqlWindow window, List<Group> groups) {
		NrqlQuery.Select first = query.select().get(0);
		Comparator<Keyed> order = Comparator.comparingDouble(Keyed::key)
			.reversed()
			.thenComparing(k -> k.group().facet(), NrqlEvaluator::compareFacets);
		int asked = query.limit() == 0 ? DEFAULT_LIMIT : query.limit();
		int limit = asked == -1 ? facetLimit : Math.min(facetLimit, asked);
		if (groups.size() > limit) {
			cut.run();
		}
		return groups.stream()
			.map(g -> new Keyed(g, NrqlValues.sortKey(NrqlValues.value(first, whole(g.sums()), window.minutes()))))
			.sorted(order)
			.limit(limit)
			.map(Keyed::group)
			.toList();
	}

	/** A unit's sums over the whole window: the sum of its buckets' (exact: integers). */
	private static List<NrqlValues.Summed> whole(List<List<NrqlValues.Summed>> perBucket) {
		if (perBucket.size() == 1) {
			return perBucket.get(0);
		}
		List<NrqlValues.Summed> whole = new ArrayList<>();
		for (int u = 0; u < perBucket.get(0).size(); u++) {
			Aggregate sum = new Aggregate();
			for (List<NrqlValues.Summed> bucket : perBucket) {
				sum.add(bucket.get(u).aggregate());
			}
			whole.add(new NrqlValues.Summed(perBucket.get(0).get(u).unit(), sum));
		}
		return whole;
	}

	@SuppressWarnings("unchecked")
	private static int compareFacets(List<Object> a, List<Object> b) {
		for (int i = 0; i < a.size(); i++) {
			int c = ((Comparable<Object>) a.get(i)).compareTo(b.get(i));
			if (c != 0) {
				return c;
			}
		}
		return 0;
	}

	/**
	 * The facets as the service writes them: one attribute as {@code "facet": v} and by
	 * its name; several only as {@code "facet": [a, b]}, without names.
	 */
	private void putFacet(Map<String, Object> row, List<String> facets, List<Object> values) {
		if (facets.isEmpty()) {
			return;
		}
		List<Object> written = values.stream().map(this::facetValue).toList();
		if (facets.size() == 1) {
			row.put("facet", written.get(0));
			row.put(facets.get(0), written.get(0));
		}
		else {
			row.put("facet", written);
		}
	}

	private Object facetValue(Object value) {
		return shapes.facetValues() == NrqlShapes.FacetValues.TEXT ? value.toString() : value;
	}

	/** A column; an {@code apdex()} object where the shapes put its members. */
	private void put(Map<String, Object> row, String name, Object value) {
		if (!(value instanceof Map<?, ?> members)) {
			row.put(name, value);
			return;
		}
		switch (shapes.apdex()) {
			case NESTED -> row.put(name, value);
			case FLAT -> members.forEach((member, number) -> row.put((String) member, number));
			case PREFIXED -> members.forEach((member, number) -> row.put(name + "." + member, number));
		}
	}

}
