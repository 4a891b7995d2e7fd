package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.apmreports.source.nrql.FacetQueries.Answer;
import io.apmreports.source.nrql.FacetQueries.Part;

/**
 * Sizing queries under the facet limit, and splitting an answer that reaches it, against
 * a server that cuts answers at the LIMIT as the real service does.
 */
class FacetQueriesTests {

	private static final List<String> BY_NAME = List.of("appId", "metricTimesliceName");

	private final FakeNerdGraph server = new FakeNerdGraph();

	@AfterEach
	void stop() {
		server.close();
	}

	@Test
	void partsStayUnderTheLimit() {
		// 10 rows an application, limit 25: 2 applications (20 rows) fit, 3 (30) do not
		List<List<Long>> parts = FacetQueries.parts(List.of(1L, 2L, 3L, 4L, 5L), id -> 10, 25);

		assertThat(parts).containsExactly(List.of(1L, 2L), List.of(3L, 4L), List.of(5L));
	}

	@Test
	void anApplicationAboveTheLimitGoesAlone() {
		List<List<Long>> parts = FacetQueries.parts(List.of(1L, 2L, 3L), id -> id == 2 ? 40 : 5, 25);

		assertThat(parts).containsExactly(List.of(1L), List.of(2L), List.of(3L));
	}

	@Test
	void aSeriesAnswerCountsItsFacetsNotItsRows() {
		// given a server answering every bucket of each facet it keeps, the LIMIT
		// counting
		// facets
		cutSeriesAtTheLimit(168);
		FacetQueries queries = new FacetQueries(server.client(1), 5);

		// when 2 applications by 2 names are asked (4 facets, 672 rows), then 3 (6
		// facets)
		Answer underTheLimit = queries.ask(new Part(List.of(1L, 2L), List.of("a", "b")), this::query, BY_NAME);
		Answer overTheLimit = queries.ask(new Part(List.of(3L, 4L, 5L), List.of("a", "b")), this::query, BY_NAME);

		// then the first answer was taken as it came; the second, cut to 5 facets, was
		// asked again in halves of 2 and 4 facets
		assertThat(underTheLimit.rows()).hasSize(4 * 168);
		assertThat(overTheLimit.rows()).hasSize(6 * 168);
		assertThat(overTheLimit.failures()).isEmpty();
		assertThat(server.requests()).extracting(FakeNerdGraph.Request::applicationIds)
			.containsExactly(List.of(1L, 2L), List.of(3L, 4L, 5L), List.of(3L), List.of(4L, 5L));
	}

	@Test
	void anAnswerThatReachesTheLimitIsSplitByApplicationsAndAskedAgain() {
		// given a server that answers one row per application and name, cut at the limit
		cutAtTheLimit();
		FacetQueries queries = new FacetQueries(server.client(1), 5);

		// when 4 applications by 2 names (8 facets) are asked under a limit of 5
		Answer answer = queries.ask(new Part(List.of(1L, 2L, 3L, 4L), List.of("a", "b")), this::query, BY_NAME);

		// then the cut answer was split in two halves of 4 facets each: every row is
		// there
		assertThat(answer.failures()).isEmpty();
		assertThat(answer.rows()).hasSize(8);
		assertThat(server.requests()).extracting(FakeNerdGraph.Request::applicationIds)
			.containsExactly(List.of(1L, 2L, 3L, 4L), List.of(1L, 2L), List.of(3L, 4L));
	}

	@Test
	void oneApplicationIsSplitByItsNames() {
		cutAtTheLimit();
		FacetQueries queries = new FacetQueries(server.client(1), 5);

		Answer answer = queries.ask(new Part(List.of(7L), List.of("a", "b", "c", "d", "e", "f")), this::query, BY_NAME);

		assertThat(answer.rows()).hasSize(6);
		assertThat(server.requests()).extracting(FakeNerdGraph.Request::names)
			.containsExactly(List.of("a", "b", "c", "d", "e", "f"), List.of("a", "b", "c"), List.of("d", "e", "f"));
	}

	@Test
	void whatCannotBeSplitFailsInsteadOfBeingCut() {
		// given a server that answers as many facets as the limit for any query
		server.answer(request -> {
			List<Map<String, Object>> rows = new ArrayList<>();
			for (int i = 0; i < request.limit(); i++) {
				rows.add(Map.of("facet", List.of(7, "a" + i)));
			}
			return FakeNerdGraph.rows(rows);
		});
		FacetQueries queries = new FacetQueries(server.client(1), 5);

		Answer answer = queries.ask(new Part(List.of(7L), List.of("a")), this::query, BY_NAME);

		assertThat(answer.rows()).isEmpty();
		assertThat(answer.failures()).containsOnlyKeys(7L);
		assertThat(answer.failures().get(7L)).contains("would be cut");
	}

	@Test
	void aRejectedPartFailsOnlyItsApplications() {
		// given application 3's queries are refused as invalid
		server.answer(request -> request.applicationIds().contains(3L) ? FakeNerdGraph.error("INVALID_INPUT", "bad")
				: FakeNerdGraph.rows(List.of()));
		FacetQueries queries = new FacetQueries(server.client(1), 5);

		Answer first = queries.ask(new Part(List.of(1L, 2L), List.of("a")), this::query, BY_NAME);
		Answer second = queries.ask(new Part(List.of(3L, 4L), List.of("a")), this::query, BY_NAME);

		assertThat(first.failures()).isEmpty();
		assertThat(second.failures()).containsOnlyKeys(3L, 4L);
	}

	private String query(Part part) {
		return Nrql.query(Nrql.TIMING, List.of(Nrql.applications(part.applicationIds()), Nrql.names(part.names())),
				BY_NAME, "SINCE 1 UNTIL 2", 5);
	}

	/**
	 * Answers a row for each application, name and bucket, keeping the first facets up to
	 * the limit with all their buckets.
	 */
	private void cutSeriesAtTheLimit(int buckets) {
		server.answer(request -> {
			List<Map<String, Object>> rows = new ArrayList<>();
			int facets = 0;
			for (Long id : request.applicationIds()) {
				for (String name : request.names()) {
					if (facets++ == request.limit()) {
						return FakeNerdGraph.rows(rows);
					}
					for (int bucket = 0; bucket < buckets; bucket++) {
						Map<String, Object> row = new HashMap<>();
						row.put("facet", List.of(id, name));
						row.put("beginTimeSeconds", 3600L * bucket);
						row.put("endTimeSeconds", 3600L * (bucket + 1));
						row.put("calls", 1);
						rows.add(row);
					}
				}
			}
			return FakeNerdGraph.rows(rows);
		});
	}

	private void cutAtTheLimit() {
		server.answer(request -> {
			List<Map<String, Object>> rows = new ArrayList<>();
			for (Long id : request.applicationIds()) {
				for (String name : request.names()) {
					Map<String, Object> row = new HashMap<>();
					row.put("facet", List.of(id, name));
					row.put("appId", id);
					row.put("metricTimesliceName", name);
					row.put("calls", 1);
					rows.add(row);
				}
			}
			return FakeNerdGraph.rows(rows.subList(0, Math.min(rows.size(), request.limit())));
		});
	}

}
