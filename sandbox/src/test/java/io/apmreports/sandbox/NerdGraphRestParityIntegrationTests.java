package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Both faces describe one account: for a week, NRQL figures equal REST's {@code raw=true}
 * summarized values to 1e-9, per application and per host.
 */
class NerdGraphRestParityIntegrationTests {

	private static final String KEY = "parity-key";

	private static final double EPSILON = 1e-9;

	private static final String V = "newrelic.timeslice.value";

	/** A week from a Monday morning, not hour-aligned, so sums straddle hours. */
	private static final Instant FROM = Instant.parse("2024-03-04T09:17:00Z");

	private static final Instant TO = Instant.parse("2024-03-11T09:17:00Z");

	/** Names some applications do not report, so absence is compared too. */
	private static final List<String> ALSO_ASKED = List.of("WebFrontend/QueueTime", "OtherTransaction/all",
			"Datastore/allWeb");

	private static SandboxServer server;

	private static NerdGraphRequests requests;

	@BeforeAll
	static void start() {
		server = SandboxServer.start(SandboxOptions.demo(KEY));
		requests = new NerdGraphRequests(server, KEY);
	}

	@AfterAll
	static void stop() {
		server.close();
	}

	@Test
	void everyApplicationsFiguresForAWeekEqualRestsRawSummarizedValues() throws Exception {
		// given every demo application and the metrics it reports, plus some it may not
		List<SyntheticApplication> apps = server.account().applications();
		String ids = apps.stream().map(a -> Long.toString(a.id())).collect(Collectors.joining(", "));

		// when the NRQL face is asked for all of them in one query, of the form the NRQL
		// source sends
		JsonNode rows = requests.results("SELECT count(" + V + ") AS calls, average(" + V + ") AS average, rate(count("
				+ V + "), 1 minute) AS rate, apdex(" + V + ") AS apdex, max(" + V + ") AS threshold FROM Metric "
				+ "WHERE appId IN (" + ids + ") FACET appId, metricTimesliceName " + window() + " LIMIT MAX");
		Map<String, JsonNode> byKey = index(rows);

		// then for each application and name REST's raw summarized values are the NRQL
		// figures, and a name REST does not find has no row
		int compared = 0;
		for (SyntheticApplication app : apps) {
			JsonNode data = restData("/v2/applications/" + app.id() + "/metrics/data.json", names(app));
			compared += compare(app.id() + "", data, byKey);
		}
		assertThat(compared).isEqualTo(apps.stream().mapToInt(a -> a.metricNames().size()).sum());
	}

	@Test
	void everyHostsFiguresForAWeekEqualRestsRawSummarizedValues() throws Exception {
		// given every host of every application and the traffic, Apdex and error metrics
		String names = "'HttpDispatcher', 'OtherTransaction/all', 'Apdex', 'Errors/all'";

		// when the NRQL face is asked per host, as the NRQL source asks for hosts
		JsonNode rows = requests.results("SELECT count(" + V + ") AS calls, average(" + V + ") AS average, rate(count("
				+ V + "), 1 minute) AS rate, apdex(" + V + ") AS apdex, max(" + V + ") AS threshold FROM Metric "
				+ "WHERE metricTimesliceName IN (" + names + ") FACET appId, host, metricTimesliceName " + window()
				+ " LIMIT MAX");
		Map<String, JsonNode> byKey = index(rows);

		// then each host's REST figures, under its host name, are the NRQL figures
		int hosts = 0;
		for (SyntheticApplication app : server.account().applications()) {
			for (SyntheticHost host : app.hosts()) {
				JsonNode data = restData("/v2/applications/" + app.id() + "/hosts/" + host.id() + "/metrics/data.json",
						List.of("HttpDispatcher", "OtherTransaction/all", "Apdex", "Errors/all"));
				compare(app.id() + "|" + host.hostName(), data, byKey);
				hosts++;
			}
		}
		assertThat(hosts).isEqualTo(50);
		assertThat(rows.size()).isEqualTo(byKey.size());
	}

	@Test
	void hostAndInstanceCountsAreRestsAndANonReportingApplicationHasNone() throws Exception {
		// given the applications listed by REST (five a page)
		Map<Long, JsonNode> restApps = new HashMap<>();
		for (int page = 1; page <= 3; page++) {
			for (JsonNode app : requests.rest("/v2/applications.json?page=" + page).path("applications")) {
				restApps.put(app.path("id").asLong(), app);
			}
		}
		long now = System.currentTimeMillis();

		// when the NRQL source's counts query is sent
		JsonNode rows = requests.results("SELECT uniqueCount(host) AS hosts, uniqueCount(realAgentId) AS instances "
				+ "FROM Metric FACET appId SINCE " + (now - 3_600_000) + " UNTIL " + now + " LIMIT MAX");

		// then each row's counts are REST's host and instance counts, and the
		// application without a summary has no row
		Map<String, JsonNode> byApp = index(rows);
		assertThat(restApps).hasSize(13);
		restApps.forEach((id, app) -> {
			JsonNode summary = app.path("application_summary");
			if (summary.isMissingNode()) {
				assertThat(byApp).doesNotContainKey(id + "");
			}
			else {
				assertThat(byApp.get(id + "").path("hosts").asLong()).isEqualTo(summary.path("host_count").asLong());
				assertThat(byApp.get(id + "").path("instances").asLong())
					.isEqualTo(summary.path("instance_count").asLong());
			}
		});
		assertThat(byApp).hasSize(12);
	}

	private static List<String> names(SyntheticApplication app) {
		List<String> names = new ArrayList<>(app.metricNames());
		ALSO_ASKED.stream().filter(n -> !names.contains(n)).forEach(names::add);
		return names;
	}

	private static JsonNode restData(String path, List<String> names) throws Exception {
		StringBuilder query = new StringBuilder("?summarize=true&raw=true&from="
				+ FROM.toString().replace("Z", "%2B00:00") + "&to=" + TO.toString().replace("Z", "%2B00:00"));
		names.forEach(n -> query.append("&names[]=").append(n));
		return requests.rest(path + query).path("metric_data");
	}

	/**
	 * Compares REST's metrics under {@code prefix} with the NRQL rows; returns how many
	 * metrics were compared.
	 */
	private static int compare(String prefix, JsonNode data, Map<String, JsonNode> rows) {
		for (JsonNode notFound : data.path("metrics_not_found")) {
			assertThat(rows).as("no row for a metric REST does not find")
				.doesNotContainKey(prefix + "|" + notFound.asString());
		}
		int compared = 0;
		for (JsonNode metric : data.path("metrics")) {
			String name = metric.path("name").asString();
			JsonNode rest = metric.path("timeslices").get(0).path("values");
			JsonNode row = rows.get(prefix + "|" + name);
			assertThat(row).as(prefix + " " + name).isNotNull();
			if (rest.has("call_count")) {
				assertThat(row.path("calls").asLong()).as(name).isEqualTo(rest.path("call_count").asLong());
				assertThat(row.path("average").asDouble() * 1000).as(name)
					.isCloseTo(rest.path("average_response_time").asDouble(), within(EPSILON));
				assertThat(row.path("rate").asDouble()).as(name)
					.isCloseTo(rest.path("requests_per_minute").asDouble(), within(EPSILON));
			}
			else if (rest.has("score")) {
				JsonNode apdex = row.path("apdex");
				for (String value : List.of("s", "t", "f", "count")) {
					assertThat(apdex.path(value).asLong()).as(name + " " + value).isEqualTo(rest.path(value).asLong());
				}
				assertThat(apdex.path("score").asDouble()).isCloseTo(rest.path("score").asDouble(), within(EPSILON));
				assertThat(row.path("threshold").asDouble()).isCloseTo(rest.path("threshold").asDouble(),
						within(EPSILON));
			}
			else {
				assertThat(row.path("calls").asLong()).as(name).isEqualTo(rest.path("error_count").asLong());
			}
			compared++;
		}
		return compared;
	}

	/** The rows by their facet values, joined with {@code |}. */
	private static Map<String, JsonNode> index(JsonNode rows) {
		Map<String, JsonNode> byKey = new HashMap<>();
		for (JsonNode row : rows) {
			byKey.put(String.join("|", NerdGraphRequests.facets(row)), row);
		}
		return byKey;
	}

	private static String window() {
		return "SINCE " + FROM.toEpochMilli() + " UNTIL " + TO.toEpochMilli();
	}

}
