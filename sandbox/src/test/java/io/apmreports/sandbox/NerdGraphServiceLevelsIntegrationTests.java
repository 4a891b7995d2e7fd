package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class NerdGraphServiceLevelsIntegrationTests {

	private static final String KEY = "levels-key";

	private static final String INDICATOR_FIELDS = "id guid name description entityGuid createdAt "
			+ "events { account { id } validEvents { from where select { attribute function threshold } } "
			+ "goodEvents { from where select { attribute function threshold } } "
			+ "badEvents { from where select { attribute function threshold } } } "
			+ "objectives { name target timeWindow { rolling { count unit } } resultQueries { attainment { nrql } } } "
			+ "resultQueries { indicator { nrql } goodEvents { nrql } validEvents { nrql } }";

	static final String SEARCH_DOCUMENT = "query($query: String!, $cursor: String) { actor { entitySearch(query: "
			+ "$query) { results(cursor: $cursor) { nextCursor entities { guid name accountId domain type "
			+ "... on ExternalEntityOutline { serviceLevel { indicators { " + INDICATOR_FIELDS + " } } } } } } } }";

	static final String ENTITY_DOCUMENT = "query($guid: EntityGuid!) { actor { entity(guid: $guid) { guid name "
			+ "serviceLevel { indicators { " + INDICATOR_FIELDS + " } } } } }";

	private static SandboxServer server;

	private static NerdGraphRequests requests;

	@BeforeAll
	static void start() {
		server = SandboxServer.start(SandboxOptions.demoWithStaging(KEY, "staging-key"));
		requests = new NerdGraphRequests(server, KEY);
	}

	@AfterAll
	static void stop() {
		server.close();
	}

	@Test
	void theDocumentsAreOnesTheVendorsSchemaTakes() {
		// given the search and entity documents when validated then the schema takes both
		assertThat(VendorSchema.problems(SEARCH_DOCUMENT)).isEmpty();
		assertThat(VendorSchema.problems(ENTITY_DOCUMENT)).isEmpty();
	}

	@Test
	void entitySearchListsEachAccountsLevelsWithTheirIndicators() throws Exception {
		for (long account : List.of(SandboxOptions.DEMO_ACCOUNT_ID, SandboxOptions.DEMO_STAGING_ACCOUNT_ID)) {
			// given the search the tool sends for one account
			String query = "domain = 'EXT' AND type = 'SERVICE_LEVEL' AND accountId = " + account;

			// when every page is read
			List<JsonNode> entities = new ArrayList<>();
			requests.searchPages(SEARCH_DOCUMENT, query).forEach(page -> page.path("entities").forEach(entities::add));

			// then they are the account's demo levels, each with its one indicator, as
			// the
			// public API lists them
			List<SandboxServiceLevels.Indicator> expected = SandboxServiceLevels.indicators(account);
			assertThat(entities).extracting(e -> e.path("guid").asString())
				.containsExactlyInAnyOrderElementsOf(
						expected.stream().map(SandboxServiceLevels.Indicator::guid).toList());
			for (JsonNode entity : entities) {
				SandboxServiceLevels.Indicator level = expected.stream()
					.filter(l -> l.guid().equals(entity.path("guid").asString()))
					.findFirst()
					.orElseThrow();
				JsonNode indicator = entity.path("serviceLevel").path("indicators").get(0);
				assertThat(entity.path("domain").asString()).isEqualTo("EXT");
				assertThat(entity.path("type").asString()).isEqualTo("SERVICE_LEVEL");
				assertThat(indicator.path("name").asString()).isEqualTo(level.name());
				assertThat(indicator.path("createdAt").asLong()).isEqualTo(level.createdAt().toEpochMilli());
				assertThat(indicator.path("entityGuid").asString())
					.isEqualTo(NerdGraphEntities.guid(account, "APPLICATION", level.applicationId()));
				JsonNode objective = indicator.path("objectives").get(0);
				assertThat(objective.path("target").asDouble()).isEqualTo(level.targetPct());
				assertThat(objective.path("timeWindow").path("rolling").path("count").asInt())
					.isEqualTo(level.windowDays());
				assertThat(objective.path("timeWindow").path("rolling").path("unit").asString()).isEqualTo("DAY");
				assertThat(indicator.path("resultQueries").path("indicator").path("nrql").asString())
					.contains("entity.guid = '" + level.guid() + "'");
			}
		}
	}

	@Test
	void anApplicationReadByGuidListsTheLevelsAboutIt() throws Exception {
		// given a demo level and its application's guid
		SandboxServiceLevels.Indicator level = SandboxServiceLevels.indicators(SandboxOptions.DEMO_ACCOUNT_ID).get(1);
		String application = NerdGraphEntities.guid(level.accountId(), "APPLICATION", level.applicationId());

		// when the application and the level are read by guid
		JsonNode byApplication = entity(application);
		JsonNode byLevel = entity(level.guid());

		// then both list the level
		assertThat(byApplication.path("name").asString()).isEqualTo(level.applicationName());
		assertThat(byApplication.path("serviceLevel").path("indicators")).extracting(i -> i.path("guid").asString())
			.containsExactly(level.guid());
		assertThat(byLevel.path("serviceLevel").path("indicators").get(0).path("guid").asString())
			.isEqualTo(level.guid());
	}

	@Test
	void aGuidNobodyKnowsReadsAsNoEntityAndAnApplicationWithoutLevelsListsNone() throws Exception {
		// given a level guid of an account the key does not read and an application
		// without levels
		String foreign = SandboxServiceLevels.guid(SandboxOptions.DEMO_DATA_ACCOUNT_ID, 1);
		String storefrontLegacy = NerdGraphEntities.guid(SandboxOptions.DEMO_ACCOUNT_ID, "APPLICATION", 1003);

		// when both are read by guid
		JsonNode nobody = entity(foreign);
		JsonNode application = entity(storefrontLegacy);

		// then the first is no entity; the second has an empty list of indicators
		assertThat(nobody.isNull()).isTrue();
		assertThat(application.path("serviceLevel").path("indicators").isArray()).isTrue();
		assertThat(application.path("serviceLevel").path("indicators")).isEmpty();
	}

	@Test
	void eachLevelsOwnResultQueriesBoundedToLastMonthAnswerTheHandComputation() throws Exception {
		// given last month (UTC) and each level's result queries as the search gives them
		YearMonth month = YearMonth.now(Clock.systemUTC()).minusMonths(1);
		Instant from = month.atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
		Instant to = month.plusMonths(1).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
		String bounds = " SINCE " + from.toEpochMilli() + " UNTIL " + to.toEpochMilli();
		List<JsonNode> entities = new ArrayList<>();
		requests.searchPages(SEARCH_DOCUMENT, "domain = 'EXT' AND type = 'SERVICE_LEVEL'")
			.forEach(page -> page.path("entities").forEach(entities::add));
		assertThat(entities).hasSizeGreaterThanOrEqualTo(4);
		for (JsonNode entity : entities) {
			long account = entity.path("accountId").asLong();
			JsonNode indicator = entity.path("serviceLevel").path("indicators").get(0);
			JsonNode queries = indicator.path("resultQueries");
			String guid = indicator.path("guid").asString();

			// when each is asked with its UNTIL replaced by the month's bounds
			JsonNode sli = first(account,
					queries.path("indicator").path("nrql").asString().replace(" UNTIL 2 minutes AGO", "") + bounds);
			JsonNode good = first(account, queries.path("goodEvents").path("nrql").asString() + bounds);
			JsonNode valid = first(account, queries.path("validEvents").path("nrql").asString() + bounds);

			// then they equal the sums the public API computes
			double expectedGood = SandboxServiceLevels.good(guid, from, to);
			double expectedValid = SandboxServiceLevels.valid(guid, from, to);
			assertThat(good.path("sum(newrelic.sli.good)").asDouble()).isEqualTo(expectedGood);
			assertThat(valid.path("sum(newrelic.sli.valid)").asDouble()).isEqualTo(expectedValid);
			assertThat(sli.path("SLI").asDouble()).isCloseTo(Math.min(100, expectedGood / expectedValid * 100),
					within(1e-9));
		}
	}

	@Test
	void anUnknownFunctionIsRefusedAsInvalidInput() throws Exception {
		// given a query with a function the sandbox does not know over SLI metrics
		// when it is sent
		JsonNode answer = requests.nrqlAnswer(SandboxOptions.DEMO_ACCOUNT_ID,
				"SELECT median(newrelic.sli.good) FROM Metric");

		// then it is refused with INVALID_INPUT naming the function
		assertThat(answer.path("errors").get(0).path("message").asString()).contains("'median'");
		assertThat(answer.path("errors").get(0).path("extensions").path("errorClass").asString())
			.isEqualTo("INVALID_INPUT");
	}

	private static JsonNode entity(String guid) throws Exception {
		JsonNode answer = requests.post(ENTITY_DOCUMENT, Map.of("guid", guid));
		assertThat(answer.has("errors")).as(answer.toString()).isFalse();
		return answer.path("data").path("actor").path("entity");
	}

	private static JsonNode first(long account, String nrql) throws Exception {
		JsonNode answer = requests.nrqlAnswer(account, nrql);
		assertThat(answer.has("errors")).as(answer.toString()).isFalse();
		return answer.path("data").path("actor").path("account").path("nrql").path("results").get(0);
	}

}
