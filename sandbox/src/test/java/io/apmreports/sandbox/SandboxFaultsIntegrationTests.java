package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class SandboxFaultsIntegrationTests {

	private static final String KEY = "test-key";

	private static final long CHECKOUT = 1001;

	private static final long INVENTORY = 1002;

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final String LIST = "/v2/applications.json";

	/** A fixed range, so two servers answer the same metric data byte for byte. */
	private static final String METRIC_QUERY = "names[]=HttpDispatcher&values[]=call_count"
			+ "&values[]=average_call_time&from=2024-03-05T09:17:00%2B00:00&to=2024-03-05T10:17:00%2B00:00";

	private final List<SandboxServer> servers = new ArrayList<>();

	private HttpClient http;

	@BeforeEach
	void client() {
		http = HttpClient.newHttpClient();
	}

	@AfterEach
	void stop() {
		servers.forEach(SandboxServer::close);
	}

	@Test
	void failEveryAnswersExactlyTheNumberedRequestsAndTheFirstRuleWins() throws Exception {
		// given every 5th request refused with 429 and every 7th with 503
		SandboxServer server = start(Faults.none().withFailEvery(429, 5).withFailEvery(503, 7));

		// when 35 requests are sent one after another
		List<HttpResponse<String>> responses = new ArrayList<>();
		for (int i = 0; i < 35; i++) {
			responses.add(get(server, LIST));
		}

		// then 5, 10, ..., 35 get 429 (35 too, though 7 divides it), 7, 14, 21, 28 get
		// 503, the rest 200
		List<Integer> expected = new ArrayList<>();
		for (int n = 1; n <= 35; n++) {
			expected.add(n % 5 == 0 ? 429 : n % 7 == 0 ? 503 : 200);
		}
		assertThat(responses).extracting(HttpResponse::statusCode).containsExactlyElementsOf(expected);
		long now = Instant.now().getEpochSecond();
		for (HttpResponse<String> refused : responses.stream().filter(r -> r.statusCode() == 429).toList()) {
			assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
			assertThat(refused.headers().firstValue("X-RateLimit-Limit")).hasValue("1000");
			assertThat(refused.headers().firstValue("X-RateLimit-Remaining")).hasValue("0");
			assertThat(Long.parseLong(refused.headers().firstValue("X-RateLimit-Reset").orElseThrow()))
				.isBetween(now - 60, now + 60);
			assertThat(refused.body()).isEqualTo("{}");
		}
		assertThat(server.requests().count("applications")).isEqualTo(35);
		assertThat(server.requests().failures(429)).isEqualTo(7);
		assertThat(server.requests().failures(503)).isEqualTo(4);
	}

	@Test
	void serverErrorsAlternateBetweenTheApiErrorAndAProxyPage() throws Exception {
		// given every request answered 502
		SandboxServer server = start(Faults.none().withFailEvery(502, 1));

		// when two requests are sent
		HttpResponse<String> first = get(server, LIST);
		HttpResponse<String> second = get(server, LIST);

		// then one carries the API's error body and the other an HTML page
		assertThat(first.statusCode()).isEqualTo(502);
		assertThat(JSON.readTree(first.body()).path("error").path("title").asString()).isEqualTo("Bad Gateway");
		assertThat(second.statusCode()).isEqualTo(502);
		assertThat(second.body()).startsWith("<html>");
		assertThat(second.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
	}

	@Test
	void failShareFailsTheSameRequestsOnEveryServerWithTheSameFaults() throws Exception {
		// given two servers with the same shares of 503 and 429
		Faults faults = Faults.none().withFailShare(503, 0.3).withFailShare(429, 0.1);
		SandboxServer one = start(faults);
		SandboxServer other = start(faults);

		// when each gets 60 requests
		List<Integer> first = statuses(one, 60);
		List<Integer> second = statuses(other, 60);

		// then they fail the same requests, and the shares are roughly as asked
		assertThat(first).isEqualTo(second);
		assertThat(first.stream().filter(s -> s == 503).count()).isBetween(8L, 30L);
		assertThat(first.stream().filter(s -> s == 429).count()).isBetween(1L, 15L);
		assertThat(first).contains(200);
	}

	@Test
	void aDifferentSeedFailsOtherRequests() throws Exception {
		// given two servers whose shares differ only in the seed
		SandboxServer one = start(Faults.none().withFailShare(503, 0.5));
		SandboxServer other = start(Faults.none().withFailShare(503, 0.5).withSeed(7));

		// when each gets 40 requests then the failing requests differ
		assertThat(statuses(one, 40)).isNotEqualTo(statuses(other, 40));
	}

	@Test
	void burst429RefusesRunsAtAFixedPeriod() throws Exception {
		// given runs of three 429s after every ten requests, asking for two seconds
		SandboxServer server = start(Faults.none().withBurst429(3, 2, 10));

		// when 25 requests are sent
		List<HttpResponse<String>> responses = new ArrayList<>();
		for (int i = 0; i < 25; i++) {
			responses.add(get(server, LIST));
		}

		// then 11-13 and 21-23 are refused with Retry-After: 2
		List<Integer> refused = new ArrayList<>();
		for (int n = 1; n <= 25; n++) {
			HttpResponse<String> response = responses.get(n - 1);
			if (response.statusCode() == 429) {
				refused.add(n);
				assertThat(response.headers().firstValue("Retry-After")).hasValue("2");
			}
			else {
				assertThat(response.statusCode()).isEqualTo(200);
			}
		}
		assertThat(refused).containsExactly(11, 12, 13, 21, 22, 23);
	}

	@Test
	void aDroppedConnectionIsAnIOExceptionAtTheClient() throws Exception {
		// given every connection dropped
		SandboxServer server = start(Faults.none().withDropEvery(1));

		// when a request is sent then it fails in the transport, and every attempt the
		// client made was dropped unanswered
		assertThatThrownBy(() -> get(server, LIST)).isInstanceOf(IOException.class);
		assertThat(server.requests().dropped()).isPositive().isEqualTo(server.requests().count("applications"));
		assertThat(server.requests().failures()).isZero();
	}

	@Test
	void dropEveryDropsExactlyTheNumberedRequests() throws Exception {
		// given every third connection dropped
		SandboxServer server = start(Faults.none().withDropEvery(3));

		// when three requests are sent on one kept-alive connection
		List<Integer> statuses = statuses(server, 3);

		// then only the third is dropped, and java.net.http, which sends a GET again once
		// when its connection closes before any byte, gets request 4 answered in its
		// place
		assertThat(statuses).containsExactly(200, 200, 200);
		assertThat(server.requests().dropped()).isEqualTo(1);
		assertThat(server.requests().total()).isEqualTo(4);
	}

	@Test
	void aTruncatedBodyIsAnIOExceptionWhileReadingIt() throws Exception {
		// given every second answer cut after half its body
		SandboxServer server = start(Faults.none().withTruncateEvery(2));

		// when two requests are sent
		HttpResponse<String> first = get(server, LIST);

		// then the first is whole and the second fails while its body is read
		assertThat(JSON.readTree(first.body()).path("applications")).isNotEmpty();
		assertThatThrownBy(() -> get(server, LIST)).isInstanceOf(IOException.class);
		assertThat(server.requests().count("applications")).isEqualTo(2);
	}

	@Test
	void onlySuccessfulAnswersAreTruncated() throws Exception {
		// given every answer to be truncated, and a request without a key
		SandboxServer server = start(Faults.none().withTruncateEvery(1));
		HttpRequest noKey = HttpRequest.newBuilder(server.baseUrl().resolve(LIST)).build();

		// when it is sent
		HttpResponse<String> response = http.send(noKey, HttpResponse.BodyHandlers.ofString());

		// then its 401 arrives whole
		assertThat(response.statusCode()).isEqualTo(401);
		assertThat(JSON.readTree(response.body()).path("error").path("title").asString()).isNotBlank();
	}

	@Test
	void aSlowBodyStillArrivesWholeAndCorrect() throws Exception {
		// given a server that trickles its bodies, and a healthy one
		SandboxServer slow = start(Faults.none().withSlowBody(Duration.ofMillis(50)));
		SandboxServer healthy = start(Faults.none());

		// when both are asked for the same metric data
		long started = System.nanoTime();
		HttpResponse<String> trickled = get(slow, metricData(CHECKOUT) + "?" + METRIC_QUERY);
		Duration trickling = Duration.ofNanos(System.nanoTime() - started);
		HttpResponse<String> whole = get(healthy, metricData(CHECKOUT) + "?" + METRIC_QUERY);

		// then the trickled answer is the healthy one, and it was slow (the fault was not
		// ignored)
		assertThat(trickling).isGreaterThanOrEqualTo(Duration.ofMillis(50));
		assertThat(trickled.statusCode()).isEqualTo(200);
		assertThat(JSON.readTree(trickled.body())).isEqualTo(JSON.readTree(whole.body()));
		assertThat(JSON.readTree(trickled.body()).path("metric_data").path("metrics").get(0).path("timeslices"))
			.hasSize(60);
	}

	@Test
	void latencyDelaysButDoesNotChangeTheAnswer() throws Exception {
		// given a server with latency, and a healthy one
		SandboxServer late = start(Faults.none().withLatency(Duration.ofMillis(30)));
		SandboxServer healthy = start(Faults.none());

		// when both are asked for the same metric data
		long started = System.nanoTime();
		HttpResponse<String> delayed = get(late, metricData(CHECKOUT) + "?" + METRIC_QUERY);
		Duration delay = Duration.ofNanos(System.nanoTime() - started);
		HttpResponse<String> prompt = get(healthy, metricData(CHECKOUT) + "?" + METRIC_QUERY);

		// then the answers are the same, the first at least the latency late (a lower
		// bound: never flaky)
		assertThat(delay).isGreaterThanOrEqualTo(Duration.ofMillis(30));
		assertThat(delayed.statusCode()).isEqualTo(200);
		assertThat(JSON.readTree(delayed.body())).isEqualTo(JSON.readTree(prompt.body()));
	}

	@ParameterizedTest
	@EnumSource(BadBody.class)
	void aBadBodyIsWhatItSaysAndOnlyForTheNamedApplication(BadBody kind) throws Exception {
		// given the Checkout Service's metric data spoiled
		SandboxServer server = start(Faults.none().withBadBody(CHECKOUT, kind));
		long host = server.account().application(CHECKOUT).orElseThrow().hosts().get(0).id();

		// when its application and host metric data and the Inventory API's are fetched
		HttpResponse<String> app = get(server, metricData(CHECKOUT) + "?" + METRIC_QUERY);
		HttpResponse<String> hostLevel = get(server,
				"/v2/applications/" + CHECKOUT + "/hosts/" + host + "/metrics/data.json?" + METRIC_QUERY);
		HttpResponse<String> other = get(server, metricData(INVENTORY) + "?" + METRIC_QUERY);

		// then both Checkout answers are 200 and spoiled as named, and the Inventory
		// API's is sound
		for (HttpResponse<String> response : List.of(app, hostLevel)) {
			assertThat(response.statusCode()).isEqualTo(200);
			assertSpoiled(kind, response.body());
		}
		assertThat(other.statusCode()).isEqualTo(200);
		assertThat(JSON.readTree(other.body())
			.path("metric_data")
			.path("metrics")
			.get(0)
			.path("timeslices")
			.get(0)
			.path("values")
			.path("call_count")
			.isIntegralNumber()).isTrue();
	}

	@Test
	void aBadBodyLeavesTheOtherEndpointsOfTheApplicationAlone() throws Exception {
		// given the Checkout Service's metric data answered as HTML
		SandboxServer server = start(Faults.none().withBadBody(CHECKOUT, BadBody.HTML));

		// when the application itself is fetched
		HttpResponse<String> response = get(server, "/v2/applications/" + CHECKOUT + ".json");

		// then it is the usual JSON
		assertThat(JSON.readTree(response.body()).path("application").path("id").asLong()).isEqualTo(CHECKOUT);
	}

	@Test
	void theRateLimitRefusesTheEleventhRequestWithinAMinute() throws Exception {
		// given a limit of ten requests a minute
		SandboxServer server = start(Faults.none().withRateLimitPerMinute(10));

		// when eleven requests are sent at once
		List<HttpResponse<String>> responses = new ArrayList<>();
		for (int i = 0; i < 11; i++) {
			responses.add(get(server, LIST));
		}

		// then ten pass, counting down the remaining calls, and the eleventh is refused
		// with the limit headers
		for (int i = 0; i < 10; i++) {
			HttpResponse<String> passed = responses.get(i);
			assertThat(passed.statusCode()).isEqualTo(200);
			assertThat(passed.headers().firstValue("X-RateLimit-Limit")).hasValue("10");
			assertThat(passed.headers().firstValue("X-RateLimit-Remaining")).hasValue(Integer.toString(9 - i));
		}
		HttpResponse<String> refused = responses.get(10);
		long now = Instant.now().getEpochSecond();
		assertThat(refused.statusCode()).isEqualTo(429);
		assertThat(Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow())).isBetween(1L, 60L);
		assertThat(refused.headers().firstValue("X-RateLimit-Limit")).hasValue("10");
		assertThat(refused.headers().firstValue("X-RateLimit-Remaining")).hasValue("0");
		assertThat(Long.parseLong(refused.headers().firstValue("X-RateLimit-Reset").orElseThrow())).isBetween(now,
				now + 61);
		assertThat(server.requests().failures(429)).isEqualTo(1);
	}

	@Test
	void withoutARateLimitNoLimitHeadersAreSent() throws Exception {
		// given a healthy server
		SandboxServer server = start(Faults.none());

		// when a request is answered
		HttpResponse<String> response = get(server, LIST);

		// then it carries no rate-limit headers
		assertThat(response.headers().firstValue("X-RateLimit-Limit")).isEmpty();
	}

	@Test
	void awaitReturnsOnceTheCountIsReached() throws Exception {
		// given a waiter for three application lists, started before any request
		SandboxServer server = start(Faults.none());
		CompletableFuture<Boolean> waiter = CompletableFuture.supplyAsync(() -> {
			try {
				return server.requests().await("applications", 3, Duration.ofSeconds(10));
			}
			catch (InterruptedException e) {
				Thread.currentThread().interrupt();
				return false;
			}
		});

		// when three lists are requested
		for (int i = 0; i < 3; i++) {
			get(server, LIST);
		}

		// then the waiter returns true, and a count already reached returns at once
		assertThat(waiter.get()).isTrue();
		assertThat(server.requests().await("applications", 3, Duration.ZERO)).isTrue();
		assertThat(server.requests().await(null, 3, Duration.ZERO)).isTrue();
	}

	@Test
	void awaitReturnsFalseWhenTheCountIsNotReachedInTime() throws Exception {
		// given two application lists requested
		SandboxServer server = start(Faults.none());
		get(server, LIST);
		get(server, LIST);

		// when a third is awaited briefly
		boolean reached = server.requests().await("applications", 3, Duration.ofMillis(200));

		// then the wait gives up
		assertThat(reached).isFalse();
		assertThat(server.requests().await("hosts", 1, Duration.ofMillis(1))).isFalse();
	}

	@Test
	void faultAnswersAreCountedByKind() throws Exception {
		// given every second request refused with 500
		SandboxServer server = start(Faults.none().withFailEvery(500, 2));

		// when two host lists are requested
		get(server, "/v2/applications/" + CHECKOUT + "/hosts.json");
		get(server, "/v2/applications/" + CHECKOUT + "/hosts.json");

		// then both count as hosts requests, and one as a 500
		assertThat(server.requests().count("hosts")).isEqualTo(2);
		assertThat(server.requests().failuresByStatus()).containsExactly(Map.entry(500, 1L));
	}

	private static void assertSpoiled(BadBody kind, String body) {
		switch (kind) {
			case HTML -> assertThat(body).startsWith("<");
			case TRUNCATED_JSON -> {
				assertThat(body).startsWith("{");
				assertThatThrownBy(() -> JSON.readTree(body)).isInstanceOf(JacksonException.class);
			}
			case NAN -> {
				assertThat(body).contains(":NaN");
				assertThatThrownBy(() -> JSON.readTree(body)).isInstanceOf(JacksonException.class);
			}
			case WRONG_TYPES -> assertThat(firstValues(body).path("call_count").asString()).isEqualTo("many");
			case NEGATIVE -> assertThat(firstValues(body).path("call_count").asLong()).isEqualTo(-5);
			case HUGE -> assertThat(firstValues(body).path("call_count").asDouble()).isEqualTo(1e300);
		}
	}

	private static JsonNode firstValues(String body) {
		return JSON.readTree(body).path("metric_data").path("metrics").get(0).path("timeslices").get(0).path("values");
	}

	@Test
	void aRefusedSeriesIsAnsweredItsStatusEveryTimeAndTheSummaryStillAnswers() throws Exception {
		// given the series of Checkout refused with 422
		SandboxServer server = start(Faults.none().withRefusedSeries(422, CHECKOUT));

		// when its series is asked twice, its summary once, and Inventory's series once
		HttpResponse<String> first = get(server, metricData(CHECKOUT) + "?" + METRIC_QUERY);
		HttpResponse<String> again = get(server, metricData(CHECKOUT) + "?" + METRIC_QUERY);
		HttpResponse<String> summary = get(server, metricData(CHECKOUT) + "?" + METRIC_QUERY + "&summarize=true");
		HttpResponse<String> other = get(server, metricData(INVENTORY) + "?" + METRIC_QUERY);

		// then the series is refused with the API's error each time, and only it
		assertThat(first.statusCode()).isEqualTo(422);
		assertThat(again.statusCode()).isEqualTo(422);
		assertThat(JSON.readTree(first.body()).path("error").path("title").asString())
			.contains("series of application " + CHECKOUT);
		assertThat(summary.statusCode()).isEqualTo(200);
		assertThat(other.statusCode()).isEqualTo(200);
		assertThat(server.requests().refused()).isEqualTo(2);
		assertThat(server.requests().failures(422)).isEqualTo(2);
	}

	private SandboxServer start(Faults faults) {
		SandboxServer server = SandboxServer.start(SandboxOptions.demo(KEY).withFaults(faults));
		servers.add(server);
		return server;
	}

	private List<Integer> statuses(SandboxServer server, int requests) throws Exception {
		List<Integer> statuses = new ArrayList<>();
		for (int i = 0; i < requests; i++) {
			statuses.add(get(server, LIST).statusCode());
		}
		return statuses;
	}

	private HttpResponse<String> get(SandboxServer server, String pathAndQuery)
			throws IOException, InterruptedException {
		URI uri = URI.create(server.baseUrl() + pathAndQuery);
		return http.send(HttpRequest.newBuilder(uri).header("X-Api-Key", KEY).build(),
				HttpResponse.BodyHandlers.ofString());
	}

	private static String metricData(long applicationId) {
		return "/v2/applications/" + applicationId + "/metrics/data.json";
	}

}
