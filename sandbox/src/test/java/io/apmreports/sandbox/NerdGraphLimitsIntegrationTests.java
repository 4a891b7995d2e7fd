package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.StreamSupport;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The limits of the sandbox's NerdGraph face: requests in flight, queries a minute, and
 * the facets an answer holds, counted as the real service counts them.
 */
class NerdGraphLimitsIntegrationTests {

	private static final String KEY = "limits-key";

	private static final String V = "newrelic.timeslice.value";

	private static final String COUNT = "SELECT count(" + V + ") AS calls FROM Metric";

	@Test
	void moreRequestsInFlightThanTheLimitGetHttp429() throws Exception {
		// given a limit of two in flight and answers held back for a minute
		SandboxOptions options = SandboxOptions.demo(KEY)
			.withNerdGraphLimits(NerdGraphLimits.service().withMaxInFlight(2))
			.withFaults(Faults.none().withLatency(Duration.ofSeconds(60)));
		try (SandboxServer server = SandboxServer.start(options)) {
			NerdGraphRequests requests = new NerdGraphRequests(server, KEY);
			HttpRequest query = requests.request(NerdGraphRequests.NRQL_DOCUMENT,
					Map.of("accountId", options.accountId(), "nrql", COUNT), KEY);
			List<CompletableFuture<HttpResponse<String>>> held = List.of(requests.sendAsync(query),
					requests.sendAsync(query));
			assertThat(server.requests().await(NerdGraphFront.KIND, 2, Duration.ofSeconds(30))).isTrue();

			// when a third is sent while both are in flight
			HttpResponse<String> third = requests.send(query);

			// then it is refused at once with 429 and TOO_MANY_REQUESTS, the two held
			// ones still waiting
			assertThat(third.statusCode()).isEqualTo(429);
			assertThat(third.headers().firstValue("Retry-After")).isPresent();
			assertThat(NerdGraphRequests.errorClass(NerdGraphRequests.JSON.readTree(third.body())))
				.isEqualTo("TOO_MANY_REQUESTS");
			assertThat(held).noneMatch(CompletableFuture::isDone);
			assertThat(server.requests().failures(429)).isEqualTo(1);
		}
	}

	@Test
	void queriesBeyondTheRateLimitGetTooManyRequests() throws Exception {
		// given a limit of three queries a minute
		SandboxOptions options = SandboxOptions.demo(KEY)
			.withNerdGraphLimits(NerdGraphLimits.service().withNrqlPerMinute(3));
		try (SandboxServer server = SandboxServer.start(options)) {
			NerdGraphRequests requests = new NerdGraphRequests(server, KEY);

			// when four queries are sent at once
			List<JsonNode> answers = List.of(requests.nrqlAnswer(COUNT), requests.nrqlAnswer(COUNT),
					requests.nrqlAnswer(COUNT), requests.nrqlAnswer(COUNT));

			// then the fourth gets TOO_MANY_REQUESTS with HTTP 200 and a null nrql, and
			// an entity search is not a query
			assertThat(answers.subList(0, 3)).allSatisfy(a -> assertThat(a.has("errors")).isFalse());
			assertThat(NerdGraphRequests.errorClass(answers.get(3))).isEqualTo("TOO_MANY_REQUESTS");
			assertThat(answers.get(3).path("data").path("actor").path("account").path("nrql").isNull()).isTrue();
			JsonNode search = requests.post(NerdGraphRequests.ENTITY_DOCUMENT,
					Map.of("query", "domain = 'APM' AND type = 'APPLICATION'"));
			assertThat(search.has("errors")).isFalse();
		}
	}

	@Test
	void facetsBeyondTheLimitAreCutSilentlyKeepingTheLargest() throws Exception {
		// given a facet limit of three and the week's HttpDispatcher calls of every
		// application from the REST face
		Instant from = Instant.parse("2024-03-04T00:00:00Z");
		Instant to = Instant.parse("2024-03-11T00:00:00Z");
		SandboxOptions options = SandboxOptions.demo(KEY)
			.withNerdGraphLimits(NerdGraphLimits.service().withFacetLimit(3));
		try (SandboxServer server = SandboxServer.start(options)) {
			NerdGraphRequests requests = new NerdGraphRequests(server, KEY);
			Map<Long, Long> restCalls = new HashMap<>();
			for (SyntheticApplication app : server.account().applications()) {
				JsonNode metrics = requests.rest("/v2/applications/" + app.id()
						+ "/metrics/data.json?names[]=HttpDispatcher&values[]="
						+ "call_count&summarize=true&raw=true&from=2024-03-04T00:00:00%2B00:00&to=2024-03-11T00:00:00"
						+ "%2B00:00")
					.path("metric_data")
					.path("metrics");
				if (!metrics.isEmpty()) {
					restCalls.put(app.id(),
							metrics.get(0).path("timeslices").get(0).path("values").path("call_count").asLong());
				}
			}
			List<Long> largest = restCalls.entrySet()
				.stream()
				.sorted(Map.Entry.<Long, Long>comparingByValue(Comparator.reverseOrder()))
				.limit(3)
				.map(Map.Entry::getKey)
				.toList();

			// when all applications are asked for with LIMIT MAX and with LIMIT 10
			String nrql = COUNT + " WHERE metricTimesliceName = 'HttpDispatcher' FACET appId SINCE "
					+ from.toEpochMilli() + " UNTIL " + to.toEpochMilli();
			JsonNode max = requests.results(nrql + " LIMIT MAX");
			JsonNode ten = requests.results(nrql + " LIMIT 10");

			// then only the three with the most calls come, largest first, without an
			// error
			assertThat(restCalls).hasSizeGreaterThan(3);
			for (JsonNode rows : List.of(max, ten)) {
				assertThat(rows).extracting(r -> r.path("appId").asLong()).containsExactlyElementsOf(largest);
				assertThat(rows).extracting(r -> r.path("calls").asLong())
					.containsExactlyElementsOf(largest.stream().map(restCalls::get).toList());
			}
		}
	}

	@Test
	void aSeriesLimitCapsItsFacetsAndEveryBucketOfAKeptFacetComes() throws Exception {
		// given six hours of every application's web calls by application, in hourly
		// buckets: what the live service answered with 3 facets by 6 buckets to LIMIT 3
		long from = Instant.parse("2024-03-04T00:00:00Z").toEpochMilli();
		String calls = COUNT + " WHERE metricTimesliceName = 'HttpDispatcher' FACET appId SINCE " + from + " UNTIL "
				+ (from + 6 * 3_600_000) + " ";
		try (SandboxServer service = SandboxServer.start(SandboxOptions.demo(KEY));
				SandboxServer three = SandboxServer
					.start(SandboxOptions.demo(KEY).withNerdGraphLimits(NerdGraphLimits.service().withFacetLimit(3)))) {
			NerdGraphRequests serviceRequests = new NerdGraphRequests(service, KEY);
			List<Long> largest = appIds(serviceRequests.results(calls + "LIMIT 3"));
			JsonNode all = serviceRequests.results(calls + "TIMESERIES 1 hour LIMIT MAX");

			// when the series is asked with LIMIT 3, and with LIMIT MAX of a sandbox
			// whose
			// facet limit is 3
			JsonNode limited = serviceRequests.results(calls + "TIMESERIES 1 hour LIMIT 3");
			JsonNode max = new NerdGraphRequests(three, KEY).results(calls + "TIMESERIES 1 hour LIMIT MAX");

			// then 18 rows, every bucket of the three applications with the most calls
			// over
			// the six hours, the rest left out with nothing said; the limit counts
			// facets,
			// not rows, and each cut answer is counted
			assertThat(limited).hasSize(18);
			assertThat(bucketsByApplication(limited)).containsOnlyKeys(largest)
				.allSatisfy((id, buckets) -> assertThat(buckets).hasSize(6));
			assertThat(max).isEqualTo(limited);
			assertThat(bucketsByApplication(all)).hasSizeGreaterThan(3)
				.allSatisfy((id, buckets) -> assertThat(buckets).hasSize(6));
			assertThat(service.requests().cutAnswers()).as("the totals' and the series' LIMIT 3").isEqualTo(2);
			assertThat(three.requests().cutAnswers()).isOne();
		}
	}

	@Test
	void anEmptyBucketOfAKeptFacetStillComesAsARow() throws Exception {
		// given an application retired three hours into a six-hour window, and one still
		// running
		Instant retired = Instant.parse("2026-10-20T00:00:00Z");
		long from = retired.toEpochMilli() - 3 * 3_600_000;
		try (SandboxServer server = SandboxServer
			.start(SandboxOptions.demo(KEY).withAccount(SyntheticAccount.demoWithRetired(retired)))) {

			// when both applications' calls are asked in hourly buckets
			JsonNode rows = new NerdGraphRequests(server, KEY).results(
					COUNT + " WHERE appId IN (1014, 1001) AND metricTimesliceName = 'HttpDispatcher' FACET appId SINCE "
							+ from + " UNTIL " + (from + 6 * 3_600_000) + " TIMESERIES 1 hour LIMIT 2");

			// then the retired one has its six buckets too, the last three without calls
			Map<Long, List<JsonNode>> buckets = bucketsByApplication(rows);
			assertThat(buckets).containsOnlyKeys(1014L, 1001L);
			List<Long> calls = buckets.get(1014L).stream().map(row -> row.path("calls").asLong()).toList();
			assertThat(calls).hasSize(6);
			assertThat(calls.subList(0, 3)).allMatch(c -> c > 0);
			assertThat(calls.subList(3, 6)).containsOnly(0L);
			assertThat(server.requests().cutAnswers()).isZero();
		}
	}

	private static List<Long> appIds(JsonNode rows) {
		return StreamSupport.stream(rows.spliterator(), false).map(row -> row.path("appId").asLong()).toList();
	}

	/** Each application's rows in order, each a bucket of its own. */
	private static Map<Long, List<JsonNode>> bucketsByApplication(JsonNode rows) {
		Map<Long, List<JsonNode>> buckets = new LinkedHashMap<>();
		Map<Long, Set<Long>> begins = new HashMap<>();
		for (JsonNode row : rows) {
			long id = row.path("appId").asLong();
			assertThat(begins.computeIfAbsent(id, k -> new HashSet<>()).add(row.path("beginTimeSeconds").asLong()))
				.as("one row a bucket")
				.isTrue();
			buckets.computeIfAbsent(id, k -> new ArrayList<>()).add(row);
		}
		return buckets;
	}

}
