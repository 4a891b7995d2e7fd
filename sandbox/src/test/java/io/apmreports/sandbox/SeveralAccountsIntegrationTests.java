package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Three accounts behind one server: the user key reaches the first two through NerdGraph,
 * each REST key only its own account, and nobody's key reads the third.
 */
class SeveralAccountsIntegrationTests {

	private static final String USER_KEY = "user-key";

	private static final String STAGING_KEY = "staging-rest-key";

	private static final long PRODUCTION = SandboxOptions.DEMO_ACCOUNT_ID;

	private static final long STAGING = SandboxOptions.DEMO_STAGING_ACCOUNT_ID;

	private static final long CLOSED = 3_333_333;

	private static final String ENTITIES = "query($query: String!, $cursor: String) { actor { entitySearch(query: "
			+ "$query) { results(cursor: $cursor) { nextCursor entities { name accountId "
			+ "... on ApmApplicationEntityOutline { applicationId permalink tags { key values } } } } } } }";

	private static SandboxServer server;

	private static NerdGraphRequests user;

	private static NerdGraphRequests staging;

	@BeforeAll
	static void start() {
		server = SandboxServer.start(SandboxOptions.demo(USER_KEY)
			.withMoreAccounts(List.of(SandboxAccount.demoStaging(STAGING_KEY),
					new SandboxAccount(CLOSED, "Closed", SyntheticAccount.generated(2, 1), "closed-rest-key", false))));
		user = new NerdGraphRequests(server, USER_KEY);
		staging = new NerdGraphRequests(server, STAGING_KEY);
	}

	@AfterAll
	static void stop() {
		server.close();
	}

	@Test
	void eachRestKeyListsItsOwnAccountOnly() throws Exception {
		// given the user key, made in the production account, and the staging account's
		// key
		// when each lists the applications
		List<Long> production = ids(user.rest("/v2/applications.json?filter[ids]=1001,2001"));
		List<Long> stagingIds = ids(staging.rest("/v2/applications.json"));
		HttpResponse<String> otherAccountsApplication = user
			.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/v2/applications/2001.json"))
				.header("X-Api-Key", USER_KEY)
				.build());

		// then each sees its own account and nothing of the other
		assertThat(production).containsExactly(1001L);
		assertThat(stagingIds).containsExactlyInAnyOrder(2001L, 2002L, 2003L);
		assertThat(otherAccountsApplication.statusCode()).isEqualTo(404);
	}

	@Test
	void theUserKeyReadsTheNrqlOfBothItsAccountsAndNotTheThird() throws Exception {
		// given one query asked of each account
		String nrql = "SELECT count(newrelic.timeslice.value) FROM Metric WHERE metricTimesliceName = 'HttpDispatcher'"
				+ " FACET appId SINCE 1 hour ago LIMIT MAX";

		// when the user key asks it of the three accounts
		JsonNode production = user.nrqlAnswer(PRODUCTION, nrql);
		JsonNode stagingAnswer = user.nrqlAnswer(STAGING, nrql);
		JsonNode closed = user.nrqlAnswer(CLOSED, nrql);

		// then each of its accounts answers with its own applications, and the third is
		// refused
		assertThat(facets(production)).contains("1001").doesNotContain("2001");
		assertThat(facets(stagingAnswer)).containsExactlyInAnyOrder("2001", "2002", "2003");
		assertThat(NerdGraphRequests.errorClass(closed)).isEqualTo(NerdGraphErrorAnswers.FORBIDDEN);
	}

	@Test
	void theAccountsOfTheUserKeyAreListedWithTheirNames() throws Exception {
		// when the user key lists its accounts
		JsonNode accounts = user.post("{ actor { accounts { id name } } }", Map.of())
			.path("data")
			.path("actor")
			.path("accounts");

		// then both its accounts come back by name, not the closed one
		assertThat(accounts.valueStream().map(a -> a.path("id").asLong() + " " + a.path("name").asString()))
			.containsExactly(PRODUCTION + " Demo production", STAGING + " Demo staging");
	}

	@Test
	void aTagSelectsTheApplicationsOfEveryAccountWithoutRegardToCase() throws Exception {
		// when the checkout team's applications are searched, the value in capitals
		List<JsonNode> entities = search("domain = 'APM' AND type = 'APPLICATION' AND tags.team = 'CHECKOUT'");

		// then both accounts' checkout applications come, the same name twice with two
		// accounts, each with a link to its page and its tags
		assertThat(entities.stream().map(e -> e.path("accountId").asLong() + "/" + e.path("applicationId").asLong()))
			.containsExactlyInAnyOrder(PRODUCTION + "/1001", PRODUCTION + "/1005", PRODUCTION + "/1009",
					STAGING + "/2001");
		assertThat(entities.stream().filter(e -> e.path("name").asString().equals("Checkout Service"))).hasSize(2);
		assertThat(entities.get(0).path("permalink").asString())
			.startsWith("https://one.newrelic.com/redirect/entity/");
		assertThat(entities.get(0).path("tags").toString()).contains("\"key\":\"team\"");
	}

	@Test
	void tagsAndAnAccountNarrowTheSearchTogether() throws Exception {
		// when two tags (one key in backticks) and an account are asked at once
		List<JsonNode> entities = search("domain = 'APM' AND type = 'APPLICATION' AND accountId = " + PRODUCTION
				+ " AND tags.`environment` = 'staging' AND tags.team = 'platform'");

		// then only the production application with both tags comes back
		assertThat(entities.stream().map(e -> e.path("applicationId").asLong())).containsExactly(1007L);
	}

	private static List<JsonNode> search(String query) throws Exception {
		List<JsonNode> entities = new ArrayList<>();
		user.searchPages(ENTITIES, query).forEach(page -> page.path("entities").forEach(entities::add));
		return entities;
	}

	private static List<Long> ids(JsonNode list) {
		return list.path("applications").valueStream().map(a -> a.path("id").asLong()).toList();
	}

	private static List<String> facets(JsonNode answer) {
		return answer.path("data")
			.path("actor")
			.path("account")
			.path("nrql")
			.path("results")
			.valueStream()
			.map(row -> row.path("facet").asString())
			.toList();
	}

}
