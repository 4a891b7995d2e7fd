package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

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

}
