package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * The NerdGraph face writes faceted rows as the service does (one attribute by name and
 * as {@code facet}; several only as a {@code facet} list), and {@code apdex()} in each
 * shape {@link NrqlShapes} names, with the same numbers.
 */
class NrqlShapesIntegrationTests {

	private static final String KEY = "shapes-key";

	private static final String V = "newrelic.timeslice.value";

	private static final Instant FROM = Instant.parse("2024-03-04T09:17:00Z");

	private static final String WINDOW = "SINCE " + FROM.toEpochMilli() + " UNTIL "
			+ FROM.plusSeconds(86_400).toEpochMilli();

	private static final String APDEX = "SELECT count(" + V + ") AS calls, apdex(" + V + ") AS apdex FROM Metric "
			+ "WHERE appId = 1001 AND metricTimesliceName = 'Apdex' FACET appId " + WINDOW;

	@Test
	void oneFacetAttributeComesAsFacetAndByItsNameAsText() throws Exception {
		try (SandboxServer server = SandboxServer.start(SandboxOptions.demo(KEY))) {
			// when a query faceted by appId alone is sent to the sandbox as it starts
			JsonNode rows = new NerdGraphRequests(server, KEY).results(
					"SELECT count(" + V + ") AS calls FROM Metric WHERE appId IN (1001, 1002) FACET appId " + WINDOW);

			// then each row carries its id as text, under facet and under appId
			assertThat(rows).hasSize(2);
			for (JsonNode row : rows) {
				assertThat(row.path("facet").isString()).isTrue();
				assertThat(row.path("appId").isString()).isTrue();
				assertThat(row.path("appId").asString()).isEqualTo(row.path("facet").asString());
			}
			assertThat(rows).extracting(row -> row.path("facet").asString()).containsExactlyInAnyOrder("1001", "1002");
		}
	}

	@Test
	void severalFacetAttributesComeOnlyAsAFacetList() throws Exception {
		try (SandboxServer server = SandboxServer.start(SandboxOptions.demo(KEY))) {
			// when a query faceted by application and metric name is sent
			JsonNode rows = new NerdGraphRequests(server, KEY).results("SELECT count(" + V + ") AS calls FROM Metric "
					+ "WHERE appId = 1001 AND metricTimesliceName IN ('HttpDispatcher', 'Apdex') "
					+ "FACET appId, metricTimesliceName " + WINDOW);

			// then the values come in FACET order in the list, and no attribute by name
			assertThat(rows).hasSize(2);
			List<String> names = new ArrayList<>();
			for (JsonNode row : rows) {
				assertThat(row.path("facet").isArray()).isTrue();
				assertThat(row.path("facet").get(0).asString()).isEqualTo("1001");
				assertThat(row.has("appId")).isFalse();
				assertThat(row.has("metricTimesliceName")).isFalse();
				names.add(row.path("facet").get(1).asString());
			}
			assertThat(names).containsExactlyInAnyOrder("HttpDispatcher", "Apdex");
		}
	}

	@Test
	void typedFacetValuesKeepAnIdANumber() throws Exception {
		SandboxOptions options = SandboxOptions.demo(KEY)
			.withNrqlShapes(NrqlShapes.service().withFacetValues(NrqlShapes.FacetValues.TYPED));
		try (SandboxServer server = SandboxServer.start(options)) {
			JsonNode rows = new NerdGraphRequests(server, KEY)
				.results("SELECT count(" + V + ") AS calls FROM Metric WHERE appId = 1001 "
						+ "AND metricTimesliceName = 'HttpDispatcher' FACET appId, metricTimesliceName " + WINDOW);

			assertThat(rows).hasSize(1);
			assertThat(rows.get(0).path("facet").get(0).isIntegralNumber()).isTrue();
			assertThat(rows.get(0).path("facet").get(0).asLong()).isEqualTo(1001);
		}
	}

	@ParameterizedTest
	@EnumSource(NrqlShapes.ApdexShape.class)
	void apdexComesInTheShapeAskedForWithTheSameNumbers(NrqlShapes.ApdexShape shape) throws Exception {
		// given the Apdex of an application as the default shape writes it
		JsonNode nested;
		try (SandboxServer server = SandboxServer.start(SandboxOptions.demo(KEY))) {
			nested = new NerdGraphRequests(server, KEY).results(APDEX).get(0).path("apdex");
		}
		assertThat(nested.path("count").asLong()).isPositive();

		// when the same query is answered in the shape under test
		SandboxOptions options = SandboxOptions.demo(KEY).withNrqlShapes(NrqlShapes.service().withApdex(shape));
		JsonNode row;
		try (SandboxServer server = SandboxServer.start(options)) {
			row = new NerdGraphRequests(server, KEY).results(APDEX).get(0);
		}

		// then its members are where the shape puts them, beside the row's other
		// column, and they are the same numbers
		assertThat(row.path("calls").asLong()).isEqualTo(nested.path("count").asLong());
		for (String member : List.of("score", "s", "t", "f", "count")) {
			JsonNode value = switch (shape) {
				case NESTED -> row.path("apdex").path(member);
				case FLAT -> row.path(member);
				case PREFIXED -> row.path("apdex." + member);
			};
			assertThat(value.asDouble()).as(member).isEqualTo(nested.path(member).asDouble());
		}
		assertThat(row.has("apdex")).isEqualTo(shape == NrqlShapes.ApdexShape.NESTED);
	}

}
