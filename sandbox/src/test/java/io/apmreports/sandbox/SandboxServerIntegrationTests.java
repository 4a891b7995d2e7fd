package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.math.MathContext;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class SandboxServerIntegrationTests {

	private static final String KEY = "test-key";

	private static final long CHECKOUT = 1001;

	private static final long VANISHED = 1013;

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Pattern NEXT = Pattern.compile("<([^>]+)>; rel=\"next\"");

	/** A weekday morning in the past, not hour-aligned, so slices straddle hours. */
	private static final String FROM = "2024-03-05T09:17:00%2B00:00";

	private static final String TO = "2024-03-05T15:17:00%2B00:00";

	private static SandboxServer server;

	private static HttpClient http;

	@BeforeAll
	static void start() {
		server = SandboxServer.start(SandboxOptions.demo(KEY).withVanishedApplicationIds(Set.of(VANISHED)));
		http = HttpClient.newHttpClient();
	}

	@AfterAll
	static void stop() {
		server.close();
	}

	@Test
	void theServerListensOnLoopbackOnly() {
		// given a started server when its base URL is read
		URI base = server.baseUrl();

		// then it is a loopback URL without trailing slash
		assertThat(base.getHost()).isEqualTo("127.0.0.1");
		assertThat(base.getPort()).isPositive();
		assertThat(base.toString()).doesNotEndWith("/");
	}

	@Test
	void requestsWithoutOrWithAWrongKeyAreRefused() throws Exception {
		// given requests without a key and with a wrong key
		HttpRequest noKey = HttpRequest.newBuilder(uri("/v2/applications.json")).build();
		HttpRequest wrongKey = HttpRequest.newBuilder(uri("/v2/applications.json")).header("X-Api-Key", "nope").build();
		long refusedBefore = server.requests().failures(401);

		// when they are sent
		HttpResponse<String> first = http.send(noKey, HttpResponse.BodyHandlers.ofString());
		HttpResponse<String> second = http.send(wrongKey, HttpResponse.BodyHandlers.ofString());

		// then both get 401 with the error body, and the log counts them
		for (HttpResponse<String> response : List.of(first, second)) {
			assertThat(response.statusCode()).isEqualTo(401);
			assertThat(json(response).path("error").path("title").asString())
				.isEqualTo("The API key provided is invalid");
		}
		assertThat(server.requests().failures(401) - refusedBefore).isEqualTo(2);
	}

	@Test
	void theUserKeyHeaderIsAcceptedToo() throws Exception {
		// given a request with the key in Api-Key
		HttpRequest request = HttpRequest.newBuilder(uri("/v2/applications/" + CHECKOUT + ".json"))
			.header("Api-Key", KEY)
			.build();

		// when it is sent
		HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());

		// then the application is answered in the singular envelope
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json; charset=utf-8");
		assertThat(json(response).path("application").path("name").asString()).isEqualTo("Checkout Service");
	}

	@Test
	void unknownThingsAnswer404() throws Exception {
		// given paths to an unknown application, host, key transaction and path when they
		// are requested then each answers 404 with an error title
		for (String path : List.of("/v2/applications/424242.json",
				"/v2/applications/" + CHECKOUT + "/hosts/1.json/metrics/data.json",
				"/v2/applications/" + CHECKOUT + "/hosts/1/metrics/data.json?names[]=HttpDispatcher",
				"/v2/applications/424242/metrics/data.json?names[]=HttpDispatcher", "/v2/key_transactions/999.json",
				"/v2/no_such_thing.json")) {
			HttpResponse<String> response = get(path);
			assertThat(response.statusCode()).as(path).isEqualTo(404);
			assertThat(json(response).path("error").path("title").asString()).as(path).isNotBlank();
		}
	}

	@Test
	void aVanishedApplicationIsListedButAnswers404Elsewhere() throws Exception {
		// given an application marked as vanished after listing when it is looked up in
		// the list and then directly
		HttpResponse<String> list = get("/v2/applications.json?filter[ids]=" + VANISHED);
		List<HttpResponse<String>> direct = List.of(get("/v2/applications/" + VANISHED + ".json"),
				get("/v2/applications/" + VANISHED + "/hosts.json"),
				get("/v2/applications/" + VANISHED + "/metrics.json"),
				get("/v2/applications/" + VANISHED + "/metrics/data.json?names[]=HttpDispatcher&summarize=true"));

		// then the list shows it and every other endpoint answers 404
		assertThat(json(list).path("applications").get(0).path("id").asLong()).isEqualTo(VANISHED);
		assertThat(direct).allSatisfy(r -> assertThat(r.statusCode()).isEqualTo(404));
	}

	@Test
	void invalidMetricDataRequestsAnswer422() throws Exception {
		String data = "/v2/applications/" + CHECKOUT + "/metrics/data.json?";
		// given a 59-second range, a request without names[], an unencoded '+' and an
		// inverted range when they are sent then each is refused with 422
		for (String query : List.of(
				"names[]=HttpDispatcher&from=2024-03-05T09:00:00%2B00:00&to=2024-03-05T09:00:59%2B00:00",
				"values[]=call_count&from=" + FROM + "&to=" + TO,
				"names[]=HttpDispatcher&from=2024-03-05T09:00:00+00:00&to=2024-03-05T10:00:00+00:00",
				"names[]=HttpDispatcher&from=yesterday&to=" + TO,
				"names[]=HttpDispatcher&from=" + TO + "&to=" + FROM)) {
			HttpResponse<String> response = get(data + query);
			assertThat(response.statusCode()).as(query).isEqualTo(422);
			assertThat(json(response).path("error").path("title").asString()).isNotBlank();
		}
	}

	@Test
	void aSixtySecondRangeIsAccepted() throws Exception {
		// given a range of exactly one minute, not aligned to the minute
		String query = "names[]=HttpDispatcher&values[]=call_count&summarize=true"
				+ "&from=2024-03-05T09:00:30%2B00:00&to=2024-03-05T09:01:30%2B00:00";

		// when it is requested
		HttpResponse<String> response = get("/v2/applications/" + CHECKOUT + "/metrics/data.json?" + query);

		// then it is floored to one whole minute
		JsonNode data = json(response).path("metric_data");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(data.path("from").asString()).isEqualTo("2024-03-05T09:00:00+00:00");
		assertThat(data.path("to").asString()).isEqualTo("2024-03-05T09:01:00+00:00");
	}

	@Test
	void otherMethodsAnswer405() throws Exception {
		// given a POST to a known path
		HttpRequest post = HttpRequest.newBuilder(uri("/v2/applications.json"))
			.header("X-Api-Key", KEY)
			.POST(HttpRequest.BodyPublishers.ofString("{}"))
			.build();

		// when it is sent
		HttpResponse<String> response = http.send(post, HttpResponse.BodyHandlers.ofString());

		// then it is refused
		assertThat(response.statusCode()).isEqualTo(405);
	}

	@Test
	void followingNextLinksCollectsEveryApplicationOnce() throws Exception {
		// given the demo account, five applications a page
		long listsBefore = server.requests().count("applications");
		List<Long> ids = new ArrayList<>();
		String next = "/v2/applications.json";
		String lastLink = null;
		int pages = 0;

		// when the client follows rel="next" until it is absent
		while (next != null) {
			HttpResponse<String> response = get(next);
			assertThat(response.statusCode()).isEqualTo(200);
			json(response).path("applications").forEach(a -> ids.add(a.path("id").asLong()));
			lastLink = response.headers().firstValue("Link").orElse("");
			if (pages == 0) {
				assertThat(lastLink).contains("rel=\"last\"").contains("page=2");
			}
			Matcher matcher = NEXT.matcher(lastLink);
			next = matcher.find() ? matcher.group(1).substring(server.baseUrl().toString().length()) : null;
			pages++;
		}

		// then every application came exactly once, and the last page had no next
		List<Long> expected = server.account().applications().stream().map(SyntheticApplication::id).toList();
		assertThat(ids).containsExactlyInAnyOrderElementsOf(expected);
		assertThat(ids).isNotEqualTo(expected.stream().sorted().toList());
		assertThat(pages).isEqualTo((expected.size() + 4) / 5);
		assertThat(lastLink).doesNotContain("rel=\"next\"").contains("rel=\"prev\"");
		assertThat(server.requests().count("applications") - listsBefore).isEqualTo(pages);
	}

	@Test
	void pagingLinksKeepTheFilters() throws Exception {
		// given a filter that matches more than one page when the first page is requested
		// with spaces sent as '+'
		HttpResponse<String> response = get("/v2/applications.json?filter[name]=e");

		// then the next link repeats the filter as it was sent
		assertThat(response.headers().firstValue("Link").orElseThrow())
			.contains("page=2&filter%5Bname%5D=e>; rel=\"next\"");
		HttpResponse<String> spaced = get("/v2/applications.json?filter[name]=checkout+service");
		assertThat(json(spaced).path("applications")).hasSize(1);
		assertThat(spaced.headers().firstValue("Link")).isEmpty();
	}

	@Test
	void anAbsentMetricIsListedAsNotFound() throws Exception {
		// given the Search Gateway, which never reported queue time when HttpDispatcher
		// and WebFrontend/QueueTime are requested together
		JsonNode data = metricData("/v2/applications/1006/metrics/data.json",
				"names[]=HttpDispatcher&names%5B%5D=WebFrontend/QueueTime&values[]=call_count&summarize=true");

		// then the queue metric is not found and only HttpDispatcher has data
		assertThat(data.path("metrics_not_found").get(0).asString()).isEqualTo("WebFrontend/QueueTime");
		assertThat(data.path("metrics_found")).hasSize(1);
		assertThat(data.path("metrics")).hasSize(1);
		assertThat(data.path("metrics").get(0).path("name").asString()).isEqualTo("HttpDispatcher");
	}

	@Test
	void metricDataNotSummarizedCountsAsASeriesRequest() throws Exception {
		// given the counts so far
		String path = "/v2/applications/" + CHECKOUT + "/metrics/data.json";
		String query = "names[]=HttpDispatcher&values[]=call_count&from=" + FROM + "&to=" + TO;
		long dataBefore = server.requests().count("metric-data");
		long seriesBefore = server.requests().seriesRequests();

		// when the same metric is asked for summarized and by slice
		metricData(path, query + "&summarize=true");
		metricData(path, query);

		// then both are metric data, and only the one by slice is a series
		assertThat(server.requests().count("metric-data") - dataBefore).isEqualTo(2);
		assertThat(server.requests().seriesRequests() - seriesBefore).isOne();
	}

	@Test
	void valuesAreRoundedToThreeSignificantFiguresUnlessAskedForRaw() throws Exception {
		// given the same summarized request with and without raw=true
		String query = "names[]=HttpDispatcher&values[]=call_count&values[]=average_call_time&summarize=true&from="
				+ FROM + "&to=" + TO;
		String path = "/v2/applications/" + CHECKOUT + "/metrics/data.json";

		// when both are sent
		JsonNode formatted = metricData(path, query).path("metrics").get(0).path("timeslices").get(0).path("values");
		JsonNode raw = metricData(path, query + "&raw=true").path("metrics")
			.get(0)
			.path("timeslices")
			.get(0)
			.path("values");

		// then the time is rounded to three significant figures without raw, and has all
		// its digits with it; the count is whole either way
		double rawTime = raw.path("average_call_time").asDouble();
		assertThat(BigDecimal.valueOf(rawTime).stripTrailingZeros().precision()).isGreaterThan(3);
		assertThat(formatted.path("average_call_time").asDouble())
			.isEqualTo(new BigDecimal(rawTime).round(new MathContext(3)).doubleValue());
		assertThat(formatted.path("call_count").asLong()).isEqualTo(raw.path("call_count").asLong());
	}

	@Test
	void aUrlLongerThanTheLimitIsRefusedWith414BeforeAnyFault() throws Exception {
		// given a server whose front refuses URLs over 100 characters, and refuses every
		// request with 503
		try (SandboxServer strict = SandboxServer
			.start(SandboxOptions.demo(KEY).withFaults(Faults.none().withMaxUrlLength(100).withFailEvery(503, 1)))) {
			String start = "/v2/applications/" + CHECKOUT + "/metrics/data.json?names%5B%5D=Apdex&names%5B%5D=";
			String fits = start + "x".repeat(100 - start.length());

			// when a URL of 101 characters and one of 100 are sent
			HttpResponse<String> tooLong = http.send(
					HttpRequest.newBuilder(strict.baseUrl().resolve(fits + "x")).header("X-Api-Key", KEY).build(),
					HttpResponse.BodyHandlers.ofString());
			HttpResponse<String> justFits = http.send(
					HttpRequest.newBuilder(strict.baseUrl().resolve(fits)).header("X-Api-Key", KEY).build(),
					HttpResponse.BodyHandlers.ofString());

			// then the long one gets a front server's 414 page, and the other meets the
			// faults
			assertThat(tooLong.statusCode()).isEqualTo(414);
			assertThat(tooLong.body()).startsWith("<html>").contains("414");
			assertThat(justFits.statusCode()).isEqualTo(503);
		}
	}

	@Test
	void theSummaryEqualsTheWeightedSeriesAndTheSumOfTheHosts() throws Exception {
		// given six hours of the Checkout Service, summarized and as a series, and per
		// host, unformatted
		String values = "names[]=HttpDispatcher&values[]=call_count&values[]=average_call_time"
				+ "&values[]=requests_per_minute&raw=true&from=" + FROM + "&to=" + TO;
		String appPath = "/v2/applications/" + CHECKOUT + "/metrics/data.json";

		// when all are fetched
		JsonNode summary = metricData(appPath, values + "&summarize=true").path("metrics").get(0).path("timeslices");
		JsonNode series = metricData(appPath, values).path("metrics").get(0).path("timeslices");
		long hostCalls = 0;
		double hostWeighted = 0;
		SyntheticApplication checkout = server.account().application(CHECKOUT).orElseThrow();
		for (SyntheticHost host : checkout.hosts()) {
			JsonNode hostValues = metricData(
					"/v2/applications/" + CHECKOUT + "/hosts/" + host.id() + "/metrics/data.json",
					values + "&summarize=true")
				.path("metrics")
				.get(0)
				.path("timeslices")
				.get(0)
				.path("values");
			hostCalls += hostValues.path("call_count").asLong();
			hostWeighted += hostValues.path("call_count").asLong() * hostValues.path("average_call_time").asDouble();
		}

		// then the summary is the call-weighted aggregation of the series and of the
		// hosts
		assertThat(summary).hasSize(1);
		JsonNode total = summary.get(0).path("values");
		long calls = total.path("call_count").asLong();
		assertThat(series).hasSize(180); // six hours: two-minute slices
		long seriesCalls = 0;
		double seriesWeighted = 0;
		for (JsonNode slice : series) {
			seriesCalls += slice.path("values").path("call_count").asLong();
			seriesWeighted += slice.path("values").path("call_count").asLong()
					* slice.path("values").path("average_call_time").asDouble();
		}
		assertThat(seriesCalls).isEqualTo(calls);
		assertThat(hostCalls).isEqualTo(calls);
		assertThat(seriesWeighted / seriesCalls).isCloseTo(total.path("average_call_time").asDouble(), within(1e-9));
		assertThat(hostWeighted / hostCalls).isCloseTo(total.path("average_call_time").asDouble(), within(1e-9));
		assertThat(total.path("requests_per_minute").asDouble()).isCloseTo(calls / 360.0, within(1e-9));
		// and the figures are those of the raw hourly samples
		assertThat(calls).isEqualTo(expectedCalls(checkout, "HttpDispatcher", Instant.parse("2024-03-05T09:17:00Z"),
				Instant.parse("2024-03-05T15:17:00Z")));
	}

	@Test
	void plusSignsSentAsPercent2BAreUnderstoodAndAnswersAreInUtc() throws Exception {
		// given a range in +01:00 sent with %2B
		String query = "names[]=Apdex&summarize=true&raw=true&from=2024-03-05T10:00:00%2B01:00"
				+ "&to=2024-03-05T11:00:00%2B01:00";

		// when it is requested
		JsonNode data = metricData("/v2/applications/" + CHECKOUT + "/metrics/data.json", query);

		// then the answer is in UTC and has the whole Apdex family
		assertThat(data.path("from").asString()).isEqualTo("2024-03-05T09:00:00+00:00");
		assertThat(data.path("to").asString()).isEqualTo("2024-03-05T10:00:00+00:00");
		JsonNode apdex = data.path("metrics").get(0).path("timeslices").get(0).path("values");
		assertThat(apdex.propertyNames()).containsExactlyInAnyOrder("s", "t", "f", "count", "score", "threshold");
		long count = apdex.path("count").asLong();
		assertThat(apdex.path("s").asLong() + apdex.path("t").asLong() + apdex.path("f").asLong()).isEqualTo(count);
		assertThat(apdex.path("score").asDouble())
			.isCloseTo((apdex.path("s").asLong() + apdex.path("t").asLong() / 2.0) / count, within(1e-12));
	}

	@Test
	void valueKeyOrderVariesAndOnlyRequestedValuesComeBack() throws Exception {
		// given the same request twice
		String query = "names[]=HttpDispatcher&names[]=Errors/all&values[]=call_count&values[]=average_call_time"
				+ "&values[]=min_response_time&summarize=true&from=" + FROM + "&to=" + TO;
		String path = "/v2/applications/" + CHECKOUT + "/metrics/data.json";

		// when both answers are read
		JsonNode first = metricData(path, query).path("metrics");
		JsonNode second = metricData(path, query).path("metrics");

		// then the values match by name but not by position, and Errors/all has none of
		// the timing values
		JsonNode a = first.get(0).path("timeslices").get(0).path("values");
		JsonNode b = second.get(0).path("timeslices").get(0).path("values");
		assertThat(List.copyOf(a.propertyNames())).isNotEqualTo(List.copyOf(b.propertyNames()));
		assertThat(a).isEqualTo(b);
		assertThat(a.propertyNames()).containsExactlyInAnyOrder("call_count", "average_call_time", "min_response_time");
		assertThat(first.get(1).path("timeslices").get(0).path("values").propertyNames()).isEmpty();
	}

	@Test
	void aZeroQueueAndANonReportingApplicationAnswerZeros() throws Exception {
		// given the Inventory API's zero queue and the retired application's dispatcher
		String range = "&summarize=true&from=" + FROM + "&to=" + TO;

		// when both are requested
		JsonNode queue = metricData("/v2/applications/1002/metrics/data.json", "names[]=WebFrontend/QueueTime" + range);
		JsonNode retired = metricData("/v2/applications/1011/metrics/data.json", "names[]=HttpDispatcher" + range);

		// then both are found and zero
		for (JsonNode data : List.of(queue, retired)) {
			assertThat(data.path("metrics_not_found")).isEmpty();
			JsonNode values = data.path("metrics").get(0).path("timeslices").get(0).path("values");
			assertThat(values.path("call_count").asLong()).isZero();
			assertThat(values.path("average_response_time").asDouble()).isZero();
		}
	}

	@Test
	void longRangesUseCoarseSlicesAndTruncateTheLast() throws Exception {
		// given a range of seven days and five hours (more than 7 days: three-hour
		// slices)
		String query = "names[]=HttpDispatcher&values[]=call_count"
				+ "&from=2024-03-01T00:00:00%2B00:00&to=2024-03-08T05:00:00%2B00:00";

		// when requested as a series
		JsonNode slices = metricData("/v2/applications/" + CHECKOUT + "/metrics/data.json", query).path("metrics")
			.get(0)
			.path("timeslices");

		// then the slices are three hours long, the last one cut at 'to'
		assertThat(slices).hasSize(58);
		assertThat(slices.get(0).path("to").asString()).isEqualTo("2024-03-01T03:00:00+00:00");
		assertThat(slices.get(57).path("from").asString()).isEqualTo("2024-03-08T03:00:00+00:00");
		assertThat(slices.get(57).path("to").asString()).isEqualTo("2024-03-08T05:00:00+00:00");
	}

	@Test
	void keyTransactionsAndHostsUseTheRealEnvelopes() throws Exception {
		// given a key transaction and the Checkout Service's hosts when they are
		// requested
		JsonNode kt = json(get("/v2/key_transactions/501.json"));
		JsonNode list = json(get("/v2/key_transactions.json?filter[name]=checkout"));
		HttpResponse<String> hosts = get("/v2/applications/" + CHECKOUT + "/hosts.json");
		JsonNode names = json(get("/v2/applications/" + CHECKOUT + "/metrics.json?name=Datastore"));

		// then the envelopes are those of the real service
		assertThat(kt.path("key_transaction").path("links").path("application").asLong()).isEqualTo(CHECKOUT);
		assertThat(kt.path("links").path("key_transaction.application").asString())
			.isEqualTo("/v2/applications/{application_id}");
		assertThat(list.path("key_transactions")).hasSize(2);
		assertThat(json(hosts).path("application_hosts")).hasSize(5);
		assertThat(json(hosts).path("application_hosts").get(0).path("host").asString()).contains("checkout-web");
		assertThat(hosts.headers().firstValue("Link").orElseThrow()).contains("rel=\"next\"");
		assertThat(names.path("metrics")).isNotEmpty()
			.allSatisfy(m -> assertThat(m.path("name").asString()).contains("Datastore"));
	}

	private static long expectedCalls(SyntheticApplication app, String metric, Instant from, Instant to) {
		long calls = 0;
		for (SyntheticHost host : app.hosts()) {
			for (Instant minute = from; minute.isBefore(to); minute = minute.plus(1, ChronoUnit.MINUTES)) {
				calls += server.account().sample(app.id(), host.id(), metric, minute).callsPerMinute();
			}
		}
		return calls;
	}

	private static JsonNode metricData(String path, String query) throws Exception {
		HttpResponse<String> response = get(path + "?" + query);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return json(response).path("metric_data");
	}

	private static HttpResponse<String> get(String pathAndQuery) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(uri(pathAndQuery)).header("X-Api-Key", KEY).build();
		return http.send(request, HttpResponse.BodyHandlers.ofString());
	}

	private static URI uri(String pathAndQuery) {
		// URI.create refuses raw brackets, which clients often send; encode only those.
		return URI.create(server.baseUrl() + pathAndQuery.replace("[", "%5B").replace("]", "%5D"));
	}

	private static JsonNode json(HttpResponse<String> response) {
		return JSON.readTree(response.body());
	}

}
