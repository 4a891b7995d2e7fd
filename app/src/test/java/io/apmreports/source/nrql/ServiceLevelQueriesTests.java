package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.apmreports.range.TimeRange;
import io.apmreports.source.ServiceLevel;
import io.apmreports.source.ServiceLevelMonth;

class ServiceLevelQueriesTests {

	private static final String WHERE = " FROM Metric WHERE entity.guid = 'g'";

	private static final ServiceLevel LEVEL = new ServiceLevel(7654321, "g", "Checkout", null, "app",
			OffsetDateTime.parse("2026-07-10T12:00:00Z"), 99.5, 28,
			"SELECT clamp_max(sum(newrelic.sli.good) / sum(newrelic.sli.valid) * 100, 100) AS 'SLI'" + WHERE
					+ " UNTIL 2 minutes AGO",
			"SELECT sum(newrelic.sli.good)" + WHERE, "SELECT sum(newrelic.sli.valid)" + WHERE);

	private static final TimeRange JUNE = TimeRange.parse("2026-06-01T00:00:00+02:00", "2026-07-01T00:00:00+02:00");

	private static final TimeRange JULY = TimeRange.parse("2026-07-01T00:00:00+02:00", "2026-08-01T00:00:00+02:00");

	private final FakeNerdGraph server = new FakeNerdGraph();

	private final ServiceLevelQueries queries = new ServiceLevelQueries(server.client(1));

	@AfterEach
	void stop() {
		server.close();
	}

	@Test
	void aMonthBeforeCreationIsAnsweredEmptyWithoutAskingAndOthersWithOneQueryInTheLevelsAccount() {
		// given an answer with the three columns
		server
			.answer(request -> FakeNerdGraph.rows(List.of(Map.of("attainment", 99.25, "good", 397.0, "valid", "400"))));

		// when June (before creation) and July (created then) are asked
		List<ServiceLevelMonth> months = queries.months(LEVEL, List.of(JUNE, JULY));

		// then June has no figures and was not asked; July is one query in the level's
		// account over the month's milliseconds
		assertThat(months).containsExactly(new ServiceLevelMonth("g", JUNE, null, null, null),
				new ServiceLevelMonth("g", JULY, 99.25, 397.0, 400.0));
		assertThat(server.requests()).hasSize(1);
		assertThat(server.requests().get(0).variables().path("accountId").asLong()).isEqualTo(7654321);
		assertThat(server.requests().get(0).nrql())
			.isEqualTo("SELECT clamp_max(sum(newrelic.sli.good) / sum(newrelic.sli.valid) * 100, 100) AS "
					+ "'attainment', sum(newrelic.sli.good) AS 'good', sum(newrelic.sli.valid) AS 'valid'" + WHERE
					+ " SINCE " + JULY.from().toInstant().toEpochMilli() + " UNTIL "
					+ JULY.to().toInstant().toEpochMilli());
	}

	@Test
	void aMonthWithoutValidEventsHasNoAttainmentWhateverTheAnswerSays() {
		// given an answer of nulls and zeros
		server.answer(request -> FakeNerdGraph.rows(List.of(Map.of("attainment", 0, "good", 0, "valid", 0))));

		// when July is asked
		ServiceLevelMonth july = queries.months(LEVEL, List.of(JULY)).get(0);

		// then no attainment is made of nothing
		assertThat(july.attainmentPct()).isNull();
		assertThat(july.valid()).isZero();
	}

	@Test
	void queriesOfDifferentEventsAreAskedOneByOne() {
		// given a level whose good events are counted elsewhere
		ServiceLevel level = new ServiceLevel(1, "g", "n", null, "app", LEVEL.createdAt(), 99.0, 7,
				LEVEL.indicatorNrql(), "SELECT count(*) FROM Transaction WHERE duration < 0.3", LEVEL.validNrql());
		server.answer(request -> FakeNerdGraph.rows(List.of(Map.of("attainment", 98.0, "good", 49, "valid", 50))));

		// when July is asked
		ServiceLevelMonth july = queries.months(level, List.of(JULY)).get(0);

		// then three queries were sent, each with its own column
		assertThat(server.requests()).hasSize(3);
		assertThat(server.requests().get(1).nrql()).startsWith("SELECT count(*) AS 'good' FROM Transaction");
		assertThat(july).isEqualTo(new ServiceLevelMonth("g", JULY, 98.0, 49.0, 50.0));
	}

	@Test
	void aResultQueryThatIsNoQueryIsRefusedNamingTheLevelWithoutAsking() {
		// given a level whose indicator query the vendor answered empty of FROM
		ServiceLevel level = new ServiceLevel(1, "g", "Checkout", null, "app", LEVEL.createdAt(), 99.0, 7, "SELECT 1",
				LEVEL.goodNrql(), LEVEL.validNrql());

		// when July is asked, then it is refused in one line naming the level, and
		// nothing was sent
		assertThatExceptionOfType(NerdGraphException.Rejected.class)
			.isThrownBy(() -> queries.months(level, List.of(JULY)))
			.withMessage("service-level month query: the result query of service level 'Checkout' has no SELECT "
					+ "or FROM: SELECT 1");
		assertThat(server.requests()).isEmpty();
	}

	@Test
	void theSearchPagesThroughTheAccountsLevelsOnce() {
		// given two pages, the second repeating a level
		Map<String, Object> indicator = Map.of("guid", "g", "name", "Checkout", "createdAt", 1782864000000L);
		Map<String, Object> entity = Map.of("guid", "g", "serviceLevel", Map.of("indicators", List.of(indicator)));
		server.answer(request -> {
			Map<String, Object> results = Map.of("entities", List.of(entity, Map.of("guid", "app")), "nextCursor",
					request.variables().path("cursor").isNull() ? "page-2" : "");
			return FakeNerdGraph.Reply.ok(FakeNerdGraph.JSON.writeValueAsString(
					Map.of("data", Map.of("actor", Map.of("entitySearch", Map.of("results", results))))));
		});

		// when the account's levels are read
		List<ServiceLevel> levels = queries.serviceLevels(1234567);

		// then both pages were asked with the account's search, the level read once
		assertThat(levels).extracting(ServiceLevel::guid).containsExactly("g");
		assertThat(server.requests()).hasSize(2);
		assertThat(server.requests().get(0).variables().path("query").asString())
			.isEqualTo("domain = 'EXT' AND type = 'SERVICE_LEVEL' AND accountId = 1234567");
		assertThat(server.requests().get(1).variables().path("cursor").asString()).isEqualTo("page-2");
	}

}
