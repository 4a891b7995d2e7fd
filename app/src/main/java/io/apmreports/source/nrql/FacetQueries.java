package io.apmreports.source.nrql;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * Asks faceted queries so that no answer is ever cut: a query's expected facets are kept
 * under the facet limit, and an answer that reaches it anyway (the service then returns
 * only some facets, silently) is split in two and asked again, by its applications, else
 * by its metric names. Facets, not rows: a {@code TIMESERIES} answer has a row for each
 * facet and bucket, and only its facets count against the limit. A query the service does
 * not take fails only the applications it was about.
 */
final class FacetQueries {

	private final NerdGraphClient client;

	private final int maxFacets;

	/**
	 * @param maxFacets the most facets one answer may hold
	 */
	FacetQueries(NerdGraphClient client, int maxFacets) {
		this.client = client;
		this.maxFacets = maxFacets;
	}

	int maxFacets() {
		return maxFacets;
	}

	/**
	 * The applications in parts, in order, each part's expected facets under the facet
	 * limit, strictly: an answer with as many facets as the limit cannot be told from a
	 * cut one and is asked again. An application whose own facets reach the limit goes
	 * alone: its answer will be split by names.
	 * @param rowsOf the facets an application is expected to answer
	 */
	static List<List<Long>> parts(List<Long> applicationIds, ToIntFunction<Long> rowsOf, int maxFacets) {
		List<List<Long>> parts = new ArrayList<>();
		List<Long> part = new ArrayList<>();
		long rows = 0;
		for (Long id : applicationIds) {
			int own = Math.max(1, rowsOf.applyAsInt(id));
			if (!part.isEmpty() && rows + own >= maxFacets) {
				parts.add(part);
				part = new ArrayList<>();
				rows = 0;
			}
			part.add(id);
			rows += own;
		}
		if (!part.isEmpty()) {
			parts.add(part);
		}
		return parts;
	}

	/**
	 * The rows of {@code query} over {@code part}, split as often as the limit needs.
	 * @param query the NRQL of a part
	 * @param facets the query's FACET attributes, {@code appId} first
	 */
	Answer ask(Part part, Function<Part, String> query, List<String> facets) {
		List<FacetRow> rows;
		try {
			rows = read(client.nrql(query.apply(part)), facets);
		}
		catch (NerdGraphException.Rejected ex) {
			return Answer.failed(part.applicationIds(), ex.getMessage());
		}
		if (distinctFacets(rows) < maxFacets) {
			return new Answer(rows, Map.of());
		}
		List<Part> halves = part.halves();
		if (halves.isEmpty()) {
			return Answer.failed(part.applicationIds(), "NRQL query: the answer reached " + maxFacets
					+ " facets for one application and metric name, and would be cut");
		}
		return ask(halves.get(0), query, facets).plus(ask(halves.get(1), query, facets));
	}

	/**
	 * The rows of {@code select} over a part's applications and metric names, faceted by
	 * {@code facets} ({@code appId} first) over {@code window}: the query every section
	 * asks, split as often as the limit needs.
	 */
	Answer askByName(String select, Part part, List<String> facets, String window) {
		return ask(part,
				asked -> Nrql.query(select,
						List.of(Nrql.applications(asked.applicationIds()), Nrql.names(asked.names())), facets, window,
						maxFacets),
				facets);
	}

	private static List<FacetRow> read(List<Map<String, Object>> rows, List<String> facets) {
		List<FacetRow> read = new ArrayList<>(rows.size());
		for (Map<String, Object> row : rows) {
			try {
				read.add(FacetRow.read(row, facets));
			}
			catch (IllegalArgumentException ex) {
				throw new NerdGraphException.Rejected("NRQL query: unreadable answer, " + ex.getMessage());
			}
		}
		return read;
	}

	/** Facets, not rows: a series answers a row per facet and bucket. */
	private static int distinctFacets(List<FacetRow> rows) {
		Set<List<String>> facets = new HashSet<>();
		rows.forEach(row -> facets.add(row.facets()));
		return facets.size();
	}

	/**
	 * What one query is about: applications, and the metric names it selects (empty when
	 * it selects them otherwise, as with LIKE).
	 *
	 * @param applicationIds application ids
	 * @param names metric names
	 */
	record Part(List<Long> applicationIds, List<String> names) {

		Part {
			applicationIds = List.copyOf(applicationIds);
			names = List.copyOf(names);
		}

		/** Two parts asking what this one asks, or none when it cannot be split. */
		List<Part> halves() {
			if (applicationIds.size() > 1) {
				int middle = applicationIds.size() / 2;
				return List.of(new Part(applicationIds.subList(0, middle), names),
						new Part(applicationIds.subList(middle, applicationIds.size()), names));
			}
			if (names.size() > 1) {
				int middle = names.size() / 2;
				return List.of(new Part(applicationIds, names.subList(0, middle)),
						new Part(applicationIds, names.subList(middle, names.size())));
			}
			return List.of();
		}

	}

	/**
	 * The rows of a query, and why it failed for the applications it failed for.
	 *
	 * @param rows the rows answered
	 * @param failures application id to why its query failed
	 */
	record Answer(List<FacetRow> rows, Map<Long, String> failures) {

		Answer {
			rows = List.copyOf(rows);
			failures = Map.copyOf(failures);
		}

		static Answer failed(List<Long> applicationIds, String why) {
			Map<Long, String> failures = new LinkedHashMap<>();
			applicationIds.forEach(id -> failures.put(id, why));
			return new Answer(List.of(), failures);
		}

		Answer plus(Answer other) {
			List<FacetRow> both = new ArrayList<>(rows);
			both.addAll(other.rows);
			Map<Long, String> failed = new LinkedHashMap<>(failures);
			failed.putAll(other.failures);
			return new Answer(both, failed);
		}

		/** The rows of one application, in the answer's order. */
		Map<Long, List<FacetRow>> byApplication() {
			Map<Long, List<FacetRow>> rowsOf = new LinkedHashMap<>();
			rows.forEach(row -> rowsOf.computeIfAbsent(row.applicationId(), id -> new ArrayList<>()).add(row));
			return rowsOf;
		}

	}

}
