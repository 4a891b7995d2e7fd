package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import io.apmreports.formula.Formulas;
import io.apmreports.formula.MetricValues;

/**
 * A faceted row is read in every shape the service may write it: facets by name or by
 * position, ids as numbers or text, and {@code apdex()} nested, flat or prefixed.
 */
class FacetRowTests {

	private static final List<String> BY_NAME = List.of(Nrql.APP_ID, Nrql.NAME);

	static List<Map<String, Object>> facetShapes() {
		return List.of(Map.of("facet", List.of("1001", "HttpDispatcher")),
				Map.of("facet", List.of(1001, "HttpDispatcher")), Map.of("facet", List.of(1001L, "HttpDispatcher"),
						"appId", 1001, "metricTimesliceName", "HttpDispatcher"));
	}

	@ParameterizedTest
	@MethodSource("facetShapes")
	void severalFacetsAreReadByPositionWhetherTheIdIsTextOrANumber(Map<String, Object> row) {
		// when a row faceted by application and metric name is read
		FacetRow read = FacetRow.read(row, BY_NAME);

		// then
		assertThat(read.applicationId()).isEqualTo(1001);
		assertThat(read.facets()).containsExactly("1001", "HttpDispatcher");
	}

	@Test
	void oneFacetIsReadFromTheFacetAsAValueOrAOneElementList() {
		// given one facet as the service writes it, and as a one-element list
		Map<String, Object> named = Map.of("facet", "1002", "appId", "1002", "hosts", 2);
		Map<String, Object> listed = Map.of("facet", List.of("1003"), "hosts", 1);

		// then both read their id
		assertThat(FacetRow.read(named, List.of(Nrql.APP_ID)).applicationId()).isEqualTo(1002);
		assertThat(FacetRow.read(listed, List.of(Nrql.APP_ID)).applicationId()).isEqualTo(1003);
	}

	@Test
	void anIdThatIsNoNumberIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> FacetRow.read(Map.of("facet", List.of("shop", "HttpDispatcher")), BY_NAME));
	}

	static List<Map<String, Object>> apdexShapes() {
		Map<String, Object> members = Map.of("score", 0.9, "s", 80, "t", 20, "f", 10, "count", 110);
		Map<String, Object> nested = row();
		nested.put("apdex", members);
		Map<String, Object> flat = row();
		flat.putAll(members);
		Map<String, Object> prefixed = row();
		members.forEach((member, value) -> prefixed.put("apdex." + member, value));
		return List.of(nested, flat, prefixed);
	}

	@ParameterizedTest
	@MethodSource("apdexShapes")
	void apdexIsReadNestedFlatOrPrefixed(Map<String, Object> row) {
		// when the Apdex of a row is read, in the shape under test
		MetricValues apdex = Snapshots.apdex(FacetRow.read(row, List.of(Nrql.APP_ID)));

		// then every member is found, and the score is the service's
		assertThat(apdex.values()).containsOnly(Map.entry("score", 0.9), Map.entry("s", 80.0), Map.entry("t", 20.0),
				Map.entry("f", 10.0), Map.entry("count", 110.0));
		assertThat(Formulas.apdexScore(apdex)).isEqualTo(0.9);
	}

	@Test
	void flatApdexBesideTheTimingColumnsKeepsBothApart() {
		// given the key transactions' row: the timing family and Apdex, flat
		Map<String, Object> row = row();
		row.putAll(Map.of(Snapshots.CALLS, 400, Snapshots.AVERAGE, 0.2, Snapshots.RATE, 40.0, "s", 300, "t", 60, "f",
				40, "count", 400));

		// when both are read
		FacetRow read = FacetRow.read(row, List.of(Nrql.APP_ID));
		MetricValues timing = Snapshots.timing(read);
		MetricValues apdex = Snapshots.apdex(read);

		// then the calls are the timing's, and the Apdex without a score is (s + t/2) /
		// count
		assertThat(timing.callCount()).isEqualTo(400.0);
		assertThat(timing.averageResponseTime()).isEqualTo(200.0);
		assertThat(apdex.get("count")).isEqualTo(400.0);
		assertThat(Formulas.apdexScore(apdex)).isEqualTo((300 + 60 / 2.0) / 400);
	}

	@Test
	void theTimingAliasesNameNoApdexMember() {
		// a flat Apdex shares its row with these columns: a clash would misread a count
		assertThat(List.of(Snapshots.CALLS, Snapshots.AVERAGE, Snapshots.RATE))
			.doesNotContainAnyElementsOf(Snapshots.APDEX_MEMBERS);
		assertThat(Nrql.TIMING).contains(" AS " + Snapshots.CALLS, " AS " + Snapshots.AVERAGE, " AS " + Snapshots.RATE);
	}

	@Test
	void aCountAloneIsNoApdex() {
		// given a row with a column named count and nothing else of Apdex's
		Map<String, Object> row = row();
		row.put("count", 12);

		// then no Apdex is made of it
		assertThat(Snapshots.apdex(FacetRow.read(row, List.of(Nrql.APP_ID)))).isNull();
	}

	@Test
	void aRowWithoutApdexHasNone() {
		assertThat(Snapshots.apdex(FacetRow.read(row(), List.of(Nrql.APP_ID)))).isNull();
	}

	@Test
	void anApdexThatIsNoObjectOrHoldsNoNumberIsRefused() {
		Map<String, Object> scalar = row();
		scalar.put("apdex", 0.9);
		Map<String, Object> text = row();
		text.put("apdex.score", "high");

		assertThatIllegalArgumentException()
			.isThrownBy(() -> Snapshots.apdex(FacetRow.read(scalar, List.of(Nrql.APP_ID))))
			.withMessageContaining("apdex is not an object");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Snapshots.apdex(FacetRow.read(text, List.of(Nrql.APP_ID))))
			.withMessageContaining("apdex.score is not a number");
	}

	private static Map<String, Object> row() {
		Map<String, Object> row = new HashMap<>();
		row.put("facet", "1001");
		row.put("appId", "1001");
		return row;
	}

}
