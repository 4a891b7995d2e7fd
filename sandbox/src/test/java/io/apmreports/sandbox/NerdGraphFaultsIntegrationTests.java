package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

class NerdGraphFaultsIntegrationTests {

	private static final String KEY = "faults-key";

	private static final String COUNT = "SELECT count(newrelic.timeslice.value) AS calls FROM Metric WHERE appId = 1001";

	private static final Map<String, Object> APPLICATIONS = Map.of("query", "domain = 'APM' AND type = 'APPLICATION'");

	@ParameterizedTest
	@ValueSource(strings = { "TIMEOUT", "INTERNAL_SERVER_ERROR", "SERVER_ERROR", "TOO_MANY_REQUESTS" })
	void everySecondRequestGetsTheErrorClassWithHttp200(String errorClass) throws Exception {
		// given every second NerdGraph request failing with the class
		try (SandboxServer server = start(Faults.none().withNerdGraphFailEvery(errorClass, 2))) {
			NerdGraphRequests requests = new NerdGraphRequests(server, KEY);

			// when four requests are sent, queries and an entity search
			JsonNode first = requests.nrqlAnswer(COUNT);
			JsonNode second = requests.nrqlAnswer(COUNT);
			JsonNode third = requests.nrqlAnswer(COUNT);
			JsonNode fourth = requests.post(NerdGraphRequests.ENTITY_DOCUMENT, APPLICATIONS);

			// then the second and the fourth carry the class on a null field, the others
			// answer
			assertThat(first.has("errors")).isFalse();
			assertThat(third.has("errors")).isFalse();
			assertThat(NerdGraphRequests.errorClass(second)).isEqualTo(errorClass);
			assertThat(second.path("data").path("actor").path("account").path("nrql").isNull()).isTrue();
			assertThat(NerdGraphRequests.errorClass(fourth)).isEqualTo(errorClass);
			assertThat(fourth.path("data").path("actor").path("entitySearch").isNull()).isTrue();
		}
	}

	@Test
	void aQueryContainingARefusedTextIsAnsweredInvalidInputAndOthersAreNot() throws Exception {
		// given NRQL containing TIMESERIES refused
		try (SandboxServer server = start(Faults.none().withRefusedNrql("TIMESERIES"))) {
			NerdGraphRequests requests = new NerdGraphRequests(server, KEY);

			// when a series and a count are asked
			JsonNode series = requests.nrqlAnswer(COUNT + " SINCE 60 minutes ago TIMESERIES 10 minutes");
			JsonNode count = requests.nrqlAnswer(COUNT);

			// then the series is refused as the service refuses a query, with HTTP 200,
			// and
			// the count answers
			assertThat(NerdGraphRequests.errorClass(series)).isEqualTo("INVALID_INPUT");
			assertThat(series.path("errors").path(0).path("message").asString()).contains("TIMESERIES");
			assertThat(series.path("data").path("actor").path("account").path("nrql").isNull()).isTrue();
			assertThat(count.has("errors")).isFalse();
			assertThat(server.requests().refused()).isEqualTo(1);
		}
	}

	@Test
	void errorClassFaultsLeaveTheRestFaceAlone() throws Exception {
		// given every NerdGraph request failing when REST is asked
		try (SandboxServer server = start(Faults.none().withNerdGraphFailEvery("TIMEOUT", 1))) {
			JsonNode app = new NerdGraphRequests(server, KEY).rest("/v2/applications/1001.json");

			// then it answers
			assertThat(app.path("application").path("id").asLong()).isEqualTo(1001);
		}
	}

	@Test
	void httpStatusFaultsAnswerNerdGraphRequestsToo() throws Exception {
		// given every second request answered 503
		try (SandboxServer server = start(Faults.none().withFailEvery(503, 2))) {
			NerdGraphRequests requests = new NerdGraphRequests(server, KEY);
			Map<String, Object> variables = Map.of("accountId", server.options().accountId(), "nrql", COUNT);

			// when two queries are sent
			HttpResponse<String> first = requests
				.send(requests.request(NerdGraphRequests.NRQL_DOCUMENT, variables, KEY));
			HttpResponse<String> second = requests
				.send(requests.request(NerdGraphRequests.NRQL_DOCUMENT, variables, KEY));

			// then the second is HTTP 503
			assertThat(first.statusCode()).isEqualTo(200);
			assertThat(second.statusCode()).isEqualTo(503);
		}
	}

	@Test
	void aDroppedConnectionIsAnIOExceptionAtTheClient() throws Exception {
		// given every second connection dropped
		try (SandboxServer server = start(Faults.none().withDropEvery(2))) {
			NerdGraphRequests requests = new NerdGraphRequests(server, KEY);
			requests.nrqlAnswer(COUNT);

			// when the second query is sent then the client sees the connection end
			assertThatThrownBy(() -> requests.nrqlAnswer(COUNT)).isInstanceOf(IOException.class);
			assertThat(server.requests().dropped()).isEqualTo(1);
		}
	}

	@Test
	void latencyDelaysTheAnswer() throws Exception {
		// given 300 ms of latency
		try (SandboxServer server = start(Faults.none().withLatency(Duration.ofMillis(300)))) {
			NerdGraphRequests requests = new NerdGraphRequests(server, KEY);

			// when a query is timed
			long started = System.nanoTime();
			JsonNode answer = requests.nrqlAnswer(COUNT);
			long elapsed = System.nanoTime() - started;

			// then it answered, no sooner than the latency
			assertThat(answer.has("errors")).isFalse();
			assertThat(Duration.ofNanos(elapsed)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
		}
	}

	private static SandboxServer start(Faults faults) {
		return SandboxServer.start(SandboxOptions.demo(KEY).withFaults(faults));
	}

}
