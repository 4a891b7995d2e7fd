package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * An application retired in the middle of October: both faces answer its October calls,
 * NRQL counts the hosts that reported during the month, and the REST face, which knows
 * only the present, lists none.
 */
class RetiredApplicationIntegrationTests {

	private static final String KEY = "user-key";

	private static final Instant RETIRED = Instant.parse("2026-10-20T00:00:00Z");

	private static final String OCTOBER = " SINCE 1790805600000 UNTIL 1793487600000";

	private static SandboxServer server;

	private static NerdGraphRequests requests;

	@BeforeAll
	static void start() {
		server = SandboxServer.start(SandboxOptions.demo(KEY).withAccount(SyntheticAccount.demoWithRetired(RETIRED)));
		requests = new NerdGraphRequests(server, KEY);
	}

	@AfterAll
	static void stop() {
		server.close();
	}

	@Test
	void nrqlCountsTheHostsThatReportedDuringTheRangeAndNoneInTheLastHour() throws Exception {
		// given the hosts of the retired application and of a running one
		String hosts = "SELECT uniqueCount(host) AS hosts, uniqueCount(realAgentId) AS instances FROM Metric "
				+ "WHERE appId IN (1014, 1001) FACET appId";

		// when they are counted over October and over the last hour
		JsonNode october = requests.results(hosts + OCTOBER + " LIMIT MAX");
		JsonNode lastHour = requests.results(hosts + " SINCE 1 hour ago LIMIT MAX");

		// then October has both applications' hosts, the last hour only the running one's
		assertThat(counts(october, 1014)).isEqualTo("2/2");
		assertThat(counts(october, 1001)).isEqualTo("6/6");
		assertThat(counts(lastHour, 1014)).isEqualTo("0/0");
		assertThat(counts(lastHour, 1001)).isEqualTo("6/6");
	}

	@Test
	void bothFacesAnswerTheCallsOfOctoberUntilTheRetirementAndNoneAfter() throws Exception {
		// given the retired application's web calls over the whole month and after the
		// retirement
		String calls = "SELECT count(newrelic.timeslice.value) AS calls FROM Metric WHERE appId = 1014 AND "
				+ "metricTimesliceName = 'HttpDispatcher'";
		String afterRetirement = " SINCE " + RETIRED.toEpochMilli() + " UNTIL 1793487600000";

		// when NRQL and REST are asked
		double nrqlOctober = requests.results(calls + OCTOBER).get(0).path("calls").asDouble();
		double nrqlAfter = requests.results(calls + afterRetirement).get(0).path("calls").asDouble();
		JsonNode rest = requests.rest("/v2/applications/1014/metrics/data.json?names[]=HttpDispatcher"
				+ "&values[]=call_count&summarize=true&from=2026-09-30T22:00:00Z&to=2026-10-31T23:00:00Z");

		// then both give the same calls for October, and nothing after the retirement
		assertThat(nrqlOctober).isPositive();
		assertThat(nrqlAfter).isZero();
		assertThat(rest.at("/metric_data/metrics/0/timeslices/0/values/call_count").asDouble()).isEqualTo(nrqlOctober);
	}

	@Test
	void theRestFaceListsTheRetiredApplicationWithoutHosts() throws Exception {
		// when the retired application and its hosts are asked of the REST face
		JsonNode application = requests.rest("/v2/applications/1014.json");
		JsonNode hosts = requests.rest("/v2/applications/1014/hosts.json");

		// then it is not reporting, has no summary and lists no host
		assertThat(application.path("application").path("reporting").asBoolean()).isFalse();
		assertThat(application.path("application").has("application_summary")).isFalse();
		assertThat(hosts.path("application_hosts").size()).isZero();
	}

	private static String counts(JsonNode rows, long applicationId) {
		for (JsonNode row : rows) {
			if (row.path("appId").asLong() == applicationId) {
				return row.path("hosts").asLong() + "/" + row.path("instances").asLong();
			}
		}
		return "0/0";
	}

}
