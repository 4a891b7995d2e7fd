package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class NerdGraphIntegrationTests {

	private static final String KEY = "nerdgraph-key";

	private static final long ACCOUNT = 7_654_321;

	private static final long VANISHED = 1013;

	private static final String V = "newrelic.timeslice.value";

	private static final Instant FROM = Instant.parse("2024-03-05T09:17:00Z");

	private static SandboxServer server;

	private static NerdGraphRequests requests;

	@BeforeAll
	static void start() {
		server = SandboxServer
			.start(SandboxOptions.demo(KEY).withAccountId(ACCOUNT).withVanishedApplicationIds(Set.of(VANISHED)));
		requests = new NerdGraphRequests(server, KEY);
	}

	@AfterAll
	static void stop() {
		server.close();
	}

	@Test
	void theEndpointIsGraphqlOnTheSameServer() {
		// given a started server when its NerdGraph URL is read then it is /graphql
		// beside the REST face
		assertThat(server.graphqlUrl().toString()).isEqualTo(server.baseUrl() + "/graphql");
	}

	@Test
	void entitySearchPagesThroughTheApplicationsInNameOrderToTheEnd() throws Exception {
		// given the NRQL source's applications query and a page size of five
		String query = "domain = 'APM' AND type = 'APPLICATION' AND accountId = " + ACCOUNT;

		// when every page is fetched by following nextCursor
		List<JsonNode> results = requests.searchPages(NerdGraphRequests.ENTITY_DOCUMENT, query);
		List<JsonNode> entities = new ArrayList<>();
		results.forEach(page -> page.path("entities").forEach(entities::add));
		int pages = results.size();

		// then the visible applications come in name order over three pages, each with
		// its id, language, reporting, severity and guid as the docs say
		List<SyntheticApplication> expected = server.account()
			.applications()
			.stream()
			.filter(a -> a.id() != VANISHED)
			.sorted(Comparator.comparing(a -> a.name().toLowerCase(Locale.ROOT)))
			.toList();
		assertThat(pages).isEqualTo(3);
		assertThat(entities).extracting(e -> e.path("name").asString())
			.containsExactlyElementsOf(expected.stream().map(SyntheticApplication::name).toList());
		for (int i = 0; i < expected.size(); i++) {
			SyntheticApplication app = expected.get(i);
			JsonNode entity = entities.get(i);
			assertThat(entity.path("applicationId").asLong()).isEqualTo(app.id());
			assertThat(entity.path("language").asString()).isEqualTo(app.language());
			assertThat(entity.path("reporting").asBoolean()).isEqualTo(app.reporting());
			assertThat(decode(entity.path("guid").asString())).isEqualTo(ACCOUNT + "|APM|APPLICATION|" + app.id());
			Map<String, String> severities = Map.of("green", "NOT_ALERTING", "orange", "WARNING", "red", "CRITICAL",
					"gray", "NOT_CONFIGURED");
			if (app.healthStatus().equals("unknown")) {
				assertThat(entity.path("alertSeverity").isNull()).isTrue();
			}
			else {
				assertThat(entity.path("alertSeverity").asString()).isEqualTo(severities.get(app.healthStatus()));
			}
		}
	}

	@Test
	void keyTransactionsAreListedBySearchAndReadWholeByGuid() throws Exception {
		// given the key transactions the search lists, with no domain named
		JsonNode results = requests
			.post(NerdGraphRequests.ENTITY_DOCUMENT,
					Map.of("query", "type = 'KEY_TRANSACTION' AND accountId = " + ACCOUNT))
			.path("data")
			.path("actor")
			.path("entitySearch")
			.path("results");
		assertThat(results.path("entities")).hasSize(5);
		assertThat(results.path("nextCursor").isNull()).isFalse();
		List<String> guids = new ArrayList<>();
		results.path("entities").forEach(entity -> guids.add(entity.path("guid").asString()));

		// when they are read whole by guid
		JsonNode entities = requests.post(NerdGraphRequests.ENTITIES_DOCUMENT, Map.of("guids", guids))
			.path("data")
			.path("actor")
			.path("entities");

		// then each says its transaction, its application's target and guid
		assertThat(entities).hasSize(5);
		for (JsonNode entity : entities) {
			String[] guid = decode(entity.path("guid").asString()).split("\\|");
			SyntheticKeyTransaction kt = server.account()
				.keyTransactions()
				.stream()
				.filter(k -> k.id() == Long.parseLong(guid[3]))
				.findFirst()
				.orElseThrow();
			SyntheticApplication app = server.account().application(kt.applicationId()).orElseThrow();
			assertThat(guid[2]).isEqualTo("KEY_TRANSACTION");
			assertThat(entity.path("metricName").asString()).isEqualTo(kt.transactionName());
			assertThat(entity.path("apdexTarget").asDouble()).isEqualTo(app.apdexThreshold());
			assertThat(decode(entity.path("application").path("guid").asString()))
				.isEqualTo(ACCOUNT + "|APM|APPLICATION|" + app.id());
		}
	}

	@Test
	void aFieldTheVendorSchemaLacksRefusesTheWholeDocumentAsTheServiceDoes() throws Exception {
		// given an entity search asking the outline of a key transaction for its target,
		// which only the whole entity has
		String document = "query($query: String!) { actor { entitySearch(query: $query) { results { entities { "
				+ "guid ... on KeyTransactionEntityOutline { apdexTarget } } } } } }";

		// when it is sent
		HttpResponse<String> response = requests
			.send(requests.request(document, Map.of("query", "domain = 'APM' AND type = 'KEY_TRANSACTION'"), KEY));

		// then HTTP 200 carries the service's words and no data
		assertThat(response.statusCode()).isEqualTo(200);
		JsonNode body = NerdGraphRequests.JSON.readTree(response.body());
		assertThat(body.has("data")).isFalse();
		assertThat(body.path("errors")).hasSize(1);
		assertThat(body.path("errors").get(0).path("message").asString())
			.isEqualTo("Cannot query field \"apdexTarget\" on type \"KeyTransactionEntityOutline\".");
	}

	@Test
	void moreThanTwentyFiveGuidsAreRefused() throws Exception {
		// given 26 guids
		List<String> guids = new ArrayList<>();
		for (int i = 0; i < 26; i++) {
			guids.add(NerdGraphEntities.guid(ACCOUNT, "KEY_TRANSACTION", i));
		}

		// when they are asked at once
		JsonNode body = requests.post(NerdGraphRequests.ENTITIES_DOCUMENT, Map.of("guids", guids));

		// then the field fails, saying the limit
		assertThat(body.path("errors").get(0).path("message").asString()).contains("max of 25 entities");
		assertThat(body.path("data").path("actor").path("entities").isNull()).isTrue();
	}

	@Test
	void aKeyTransactionsMetricsAnswerForItsApplication() throws Exception {
		// given a key transaction of the Checkout Service
		SyntheticKeyTransaction kt = server.account().keyTransactions().get(0);
		String metric = kt.transactionName();
		String apdex = "Apdex/" + metric.substring(metric.indexOf('/') + 1);

		// when its three metrics are asked for over the last 10 minutes
		JsonNode rows = requests.results("SELECT count(" + V + ") AS calls, apdex(" + V + ") AS apdex FROM Metric "
				+ "WHERE appId = " + kt.applicationId() + " AND metricTimesliceName IN ('" + metric + "', '" + apdex
				+ "', 'Errors/" + metric + "') FACET metricTimesliceName SINCE 10 minutes ago");

		// then each has a row with traffic, and the Apdex counts add up
		assertThat(rows).extracting(r -> r.path("metricTimesliceName").asString())
			.containsExactlyInAnyOrder(metric, apdex, "Errors/" + metric);
		for (JsonNode row : rows) {
			if (row.path("metricTimesliceName").asString().equals(apdex)) {
				JsonNode value = row.path("apdex");
				assertThat(value.path("count").asLong()).isPositive()
					.isEqualTo(value.path("s").asLong() + value.path("t").asLong() + value.path("f").asLong());
			}
			else if (row.path("metricTimesliceName").asString().equals(metric)) {
				assertThat(row.path("calls").asLong()).isPositive();
			}
		}
	}

	@Test
	void aMissingOrWrongKeyIsRefusedWithBadApiKey() throws Exception {
		// given an NRQL document without a key and with a wrong key
		Map<String, Object> variables = Map.of("accountId", ACCOUNT, "nrql", "SELECT count(" + V + ") FROM Metric");
		for (String key : new String[] { null, "wrong" }) {
			// when it is sent
			HttpResponse<String> response = requests
				.send(requests.request(NerdGraphRequests.NRQL_DOCUMENT, variables, key));

			// then HTTP 200 carries UNAUTHORIZED / BAD_API_KEY and no data
			JsonNode answer = NerdGraphRequests.JSON.readTree(response.body());
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(answer.path("data").isNull()).isTrue();
			assertThat(answer.path("errors").path(0).path("extensions").path("errorClass").asString())
				.isEqualTo("UNAUTHORIZED");
			assertThat(answer.path("errors").path(0).path("extensions").path("error_code").asString())
				.isEqualTo("BAD_API_KEY");
		}
	}

	@Test
	void anotherAccountIsForbidden() throws Exception {
		// given a query for an account the key cannot read when it is sent
		JsonNode answer = requests.nrqlAnswer(ACCOUNT + 1, "SELECT count(" + V + ") FROM Metric");

		// then the nrql field is null with FORBIDDEN
		assertThat(NerdGraphRequests.errorClass(answer)).isEqualTo("FORBIDDEN");
		assertThat(answer.path("data").path("actor").path("account").has("nrql")).isTrue();
		assertThat(answer.path("data").path("actor").path("account").path("nrql").isNull()).isTrue();
	}

	@Test
	void nrqlOutsideTheSubsetIsInvalidInputNamingThePart() throws Exception {
		// given a query with a function outside the subset when it is sent
		JsonNode answer = requests.nrqlAnswer("SELECT percentile(" + V + ", 95) FROM Metric");

		// then INVALID_INPUT names the function
		assertThat(NerdGraphRequests.errorClass(answer)).isEqualTo("INVALID_INPUT");
		assertThat(answer.path("errors").path(0).path("message").asString()).contains("percentile");
	}

	@Test
	void anEntitySearchOutsideTheSubsetIsInvalidInput() throws Exception {
		// given a search by name when it is sent
		JsonNode answer = requests.post(NerdGraphRequests.ENTITY_DOCUMENT, Map.of("query", "name LIKE 'Checkout%'"));

		// then INVALID_INPUT names the attribute
		assertThat(NerdGraphRequests.errorClass(answer)).isEqualTo("INVALID_INPUT");
		assertThat(answer.path("errors").path(0).path("message").asString()).contains("name");
	}

	@Test
	void aFieldOfTheVendorSchemaTheSandboxDoesNotServeAnswersNull() throws Exception {
		// given a document the real schema takes, about what the sandbox knows nothing of
		JsonNode answer = requests.post("{ actor { user { email } } }", Map.of());

		// then it is taken, and answered without data rather than refused
		assertThat(answer.has("errors")).isFalse();
		assertThat(answer.path("data").path("actor").path("user").isNull()).isTrue();
	}

	@Test
	void timeseriesAnswersOneRowPerBucketAlignedToSince() throws Exception {
		// given six hours and a bucket of 50 minutes, which leaves a short last bucket
		long from = FROM.toEpochMilli();
		long to = from + 6 * 3_600_000;
		long seriesBefore = server.requests().seriesRequests();

		// when the Checkout Service's calls are asked for by bucket and in total
		JsonNode buckets = requests.results("SELECT count(" + V + ") AS calls, rate(count(" + V + "), 1 minute) AS "
				+ "rate FROM Metric WHERE appId = 1001 AND metricTimesliceName = 'HttpDispatcher' SINCE " + from
				+ " UNTIL " + to + " TIMESERIES 50 minutes");
		long total = requests
			.results("SELECT count(" + V + ") AS calls FROM Metric WHERE appId = 1001 AND metricTimesliceName = "
					+ "'HttpDispatcher' SINCE " + from + " UNTIL " + to)
			.get(0)
			.path("calls")
			.asLong();

		// then there are ceil(360 / 50) = 8 buckets from SINCE, the last ending at
		// UNTIL, whose calls add up to the total and whose rate is per minute of the
		// bucket
		assertThat(buckets).hasSize(8);
		assertThat(server.requests().seriesRequests() - seriesBefore).as("the TIMESERIES query alone").isOne();
		long sum = 0;
		for (int i = 0; i < buckets.size(); i++) {
			JsonNode bucket = buckets.get(i);
			long begin = from / 1000 + i * 3000L;
			long end = Math.min(to / 1000, begin + 3000);
			assertThat(bucket.path("beginTimeSeconds").asLong()).isEqualTo(begin);
			assertThat(bucket.path("endTimeSeconds").asLong()).isEqualTo(end);
			assertThat(bucket.path("rate").asDouble() * (end - begin) / 60).isCloseTo(bucket.path("calls").asDouble(),
					within(1e-6));
			sum += bucket.path("calls").asLong();
		}
		assertThat(sum).isEqualTo(total);
	}

	@Test
	void aMetricWithNoCallsHasARowWhoseAverageIsNull() throws Exception {
		// given the Inventory API (1002), whose queue time metric exists but never has a
		// call, over six hours
		long from = FROM.toEpochMilli();
		long to = from + 6 * 3_600_000;

		// when its queue time is asked for
		JsonNode rows = requests.results("SELECT count(" + V + ") AS calls, average(" + V + ") AS average FROM Metric "
				+ "WHERE appId = 1002 AND metricTimesliceName = 'WebFrontend/QueueTime' SINCE " + from + " UNTIL "
				+ to);

		// then the metric has its row, with no calls and a null average, as NRQL's
		// average() of nothing is (REST answers 0 for the same metric)
		assertThat(rows).hasSize(1);
		assertThat(rows.get(0).path("calls").asLong()).isZero();
		assertThat(rows.get(0).has("average")).isTrue();
		assertThat(rows.get(0).path("average").isNull()).isTrue();
	}

	@Test
	void tooManyBucketsAreInvalidInput() throws Exception {
		// given a week in 1-minute buckets when it is asked for
		long from = FROM.toEpochMilli();
		JsonNode answer = requests.nrqlAnswer("SELECT count(" + V + ") FROM Metric SINCE " + from + " UNTIL "
				+ (from + 7 * 86_400_000L) + " TIMESERIES 1 minute");

		// then it is refused: more than 366 buckets
		assertThat(NerdGraphRequests.errorClass(answer)).isEqualTo("INVALID_INPUT");
		assertThat(answer.path("errors").path(0).path("message").asString()).contains("366");
	}

	@Test
	void withoutLimitTenFacetsComeLargestFirst() throws Exception {
		// given the Checkout Service, which has more than ten metrics
		JsonNode rows = requests.results("SELECT count(" + V + ") AS calls FROM Metric WHERE appId = 1001 "
				+ "FACET metricTimesliceName SINCE 30 minutes ago");

		// then ten rows come, by calls from the largest, each with its facet alone
		assertThat(rows).hasSize(10);
		for (int i = 1; i < rows.size(); i++) {
			assertThat(rows.get(i - 1).path("calls").asLong())
				.isGreaterThanOrEqualTo(rows.get(i).path("calls").asLong());
		}
		assertThat(rows.get(0).path("facet").asString()).isEqualTo(rows.get(0).path("metricTimesliceName").asString());
	}

	@Test
	void aVanishedApplicationHasNoRowsAndNoEntity() throws Exception {
		// given the application that vanished after REST's listing when it is queried
		JsonNode rows = requests
			.results("SELECT count(" + V + ") FROM Metric WHERE appId = " + VANISHED + " FACET metricTimesliceName");

		// then NerdGraph no longer has it
		assertThat(rows).isEmpty();
	}

	private static String decode(String guid) {
		return new String(Base64.getDecoder().decode(guid), StandardCharsets.UTF_8);
	}

}
