package io.apmreports.source.rest.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.range.TimeRange;
import io.apmreports.source.access.RetryPolicy;

/**
 * The client against canned answers from a tiny loopback server: envelopes the
 * specification and the real service disagree on, bodies that are not the documented
 * JSON, every error status, redirects and paging links.
 */
class ApmClientResponseTests {

	private static final String KEY = "response-secret-key-0815";

	private static final TimeRange RANGE = new TimeRange(OffsetDateTime.of(2024, 3, 5, 9, 0, 0, 0, ZoneOffset.UTC),
			OffsetDateTime.of(2024, 3, 5, 11, 0, 0, 0, ZoneOffset.UTC));

	private static final String APPLICATION = """
			{"id": 7, "name": "Shop", "language": "java", "health_status": "green", "reporting": true,
			 "last_reported_at": "2024-03-05T10:59:12+00:00",
			 "application_summary": {"response_time": 120.5, "throughput": 300, "error_rate": 0.01,
			                         "apdex_target": 0.5, "apdex_score": 0.93},
			 "links": {"application_instances": [71, 72], "application_hosts": [61, 62], "alert_policy": 9}}""";

	private Canned service;

	private Canned elsewhere;

	private ApmClient client;

	@BeforeEach
	void start() throws IOException {
		service = new Canned();
		elsewhere = new Canned();
		client = ApmClientIntegrationTests.client(service.baseUrl(), KEY);
	}

	@AfterEach
	void stop() {
		service.close();
		elsewhere.close();
	}

	@Test
	void aTransientFailureIsTriedAgainUpToTheLimitThenReported() {
		// given a service that answers 503 every time, and a client allowed 3 attempts
		service.answer("/v2/applications/7.json", 503, "<html>busy</html>");
		ApmClient retrying = ApmClientIntegrationTests.client(service.baseUrl(), KEY,
				new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(5)));

		// when
		Throwable failure = catchThrowable(() -> retrying.application(7));

		// then three requests, then the typed failure
		assertThat(failure).isInstanceOf(ApmException.Transient.class).hasMessageContaining("503");
		assertThat(service.requests()).hasSize(3);
	}

	@Test
	void anAuthenticationFailureIsNeverTriedAgain() {
		service.answer("/v2/applications/7.json", 401, "{}");
		ApmClient retrying = ApmClientIntegrationTests.client(service.baseUrl(), KEY,
				new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(5)));

		assertThat(catchThrowable(() -> retrying.application(7))).isInstanceOf(ApmException.Authentication.class);
		assertThat(service.requests()).hasSize(1);
	}

	@Test
	void anAbsurdlyLargeValueIsUnreadable() {
		service.answer("/v2/applications/7/metrics/data.json", 200, """
				{"metric_data": {"metrics_not_found": [], "metrics": [{"name": "HttpDispatcher",
				 "timeslices": [{"values": {"call_count": 1e300}}]}]}}""");

		Throwable failure = catchThrowable(() -> client.metricData(7,
				MetricQuery.summarized(List.of("HttpDispatcher"), MetricQuery.TIMING_VALUES, RANGE)));

		assertThat(failure).isInstanceOf(ApmException.Unreadable.class);
	}

	@Test
	void theSpecificationsSingleApplicationEnvelopeIsAcceptedToo() {
		// given the specification's sample shape: one application inside an
		// "applications" array
		service.answer("/v2/applications/7.json", 200, "{\"applications\": [" + APPLICATION + "]}");

		// when the application is fetched
		Application application = client.application(7);

		// then it is read like the real service's {"application": {...}}
		assertThat(application.id()).isEqualTo(7);
		assertThat(application.name()).isEqualTo("Shop");
		assertThat(application.hostIds()).containsExactly(61L, 62L);
		assertThat(application.instanceIds()).containsExactly(71L, 72L);
		assertThat(application.summary().apdexScore()).isEqualTo(0.93);
	}

	@Test
	void theRealSingleApplicationEnvelopeIsAcceptedAndTheKeyIsSentInTheConfiguredHeader() {
		// given the real service's shape
		service.answer("/v2/applications/7.json", 200, "{\"application\": " + APPLICATION + "}");

		// when the application is fetched
		Application application = client.application(7);

		// then it is read, and the request carried the key in X-Api-Key
		assertThat(application.name()).isEqualTo("Shop");
		assertThat(service.requests()).singleElement()
			.satisfies(request -> assertThat(request.apiKey()).isEqualTo(KEY));
	}

	@Test
	void unknownFieldsAndAnyKeyOrderAreTolerated() {
		// given an application with members the specification does not list, in an
		// unusual order
		service.answer("/v2/applications/7.json", 200,
				"""
						{"application": {"links": {"servers": [9000000061], "application_hosts": [61], "application_instances": [71]},
						 "application_summary": {"instance_count": 1, "apdex_score": 1, "host_count": 1,
						                         "concurrent_instance_count": 1, "throughput": 2.5},
						 "end_user_summary": {"response_time": 1.1},
						 "settings": {"app_apdex_threshold": 0.5, "future_setting": [1, 2, {"x": null}]},
						 "reporting": false, "brand_new": {"nested": true},
						 "name": "Worker", "health_status": "orange", "language": "go", "id": 8},
						 "links": {"application.servers": "/v2/servers/{server_id}"}}
						""");

		// when it is fetched
		Application application = client.application(7);

		// then the known members are read by name and the rest ignored
		assertThat(application.id()).isEqualTo(8);
		assertThat(application.name()).isEqualTo("Worker");
		assertThat(application.language()).isEqualTo("go");
		assertThat(application.healthStatus()).isEqualTo("orange");
		assertThat(application.reporting()).isFalse();
		assertThat(application.lastReportedAt()).isNull();
		assertThat(application.hostCount()).isEqualTo(1);
		assertThat(application.summary().throughput()).isEqualTo(2.5);
		assertThat(application.summary().responseTime()).isNull();
	}

	@Test
	void metricDataIsReadByNameWhateverTheKeyOrderAndWithUnknownValueNames() {
		// given metric data with members in a different order than documented and an
		// extra value name
		service.answer("/v2/applications/7/metrics/data.json", 200,
				"""
						{"metric_data": {
						   "metrics": [{"timeslices": [{"values": {"call_count": 99770, "new_value": 1.5,
						                                           "average_call_time": 364},
						                                "to": "2024-03-05T11:00:00+00:00", "from": "2024-03-05T09:00:00+00:00"}],
						                "name": "HttpDispatcher"}],
						   "metrics_found": ["HttpDispatcher"],
						   "to": "2024-03-05T11:00:00+00:00",
						   "metrics_not_found": ["WebFrontend/QueueTime"],
						   "from": "2024-03-05T09:00:00+00:00"}}
						""");

		// when it is read
		MetricData data = client.metricData(7, MetricQuery
			.summarized(List.of("HttpDispatcher", "WebFrontend/QueueTime"), MetricQuery.TIMING_VALUES, RANGE));

		// then values are found by name, unknown ones kept, and the absent metric is
		// listed
		assertThat(data.notFound()).containsExactly("WebFrontend/QueueTime");
		assertThat(data.metrics()).containsOnlyKeys("HttpDispatcher");
		assertThat(data.metrics().get("HttpDispatcher")).singleElement()
			.satisfies(slice -> assertThat(slice.values()).containsEntry("call_count", 99770.0)
				.containsEntry("average_call_time", 364.0)
				.containsEntry("new_value", 1.5));
		assertThat(data.from()).isEqualTo(RANGE.from());
	}

	@Test
	void anHtmlBodyIsUnreadable() {
		// given a 200 with an HTML page, as a proxy or login wall answers
		service.answer("/v2/applications/7.json", 200, "<!DOCTYPE html><html><body>Sign in</body></html>");

		// when the application is fetched
		Throwable failure = catchThrowable(() -> client.application(7));

		// then it is refused as unreadable
		assertThat(failure).isInstanceOf(ApmException.Unreadable.class).hasMessageContaining("/v2/applications/7.json");
	}

	@Test
	void truncatedJsonIsUnreadable() {
		// given a body cut off in the middle (but properly framed)
		service.answer("/v2/applications.json", 200, "{\"applications\": [" + APPLICATION.substring(0, 80));

		// when applications are listed
		Throwable failure = catchThrowable(() -> client.applications(ApplicationFilter.all()).hasNext());

		// then it is refused as unreadable
		assertThat(failure).isInstanceOf(ApmException.Unreadable.class);
	}

	@Test
	void jsonFollowedByJunkIsUnreadable() {
		// given a complete JSON object followed by an HTML fragment
		service.answer("/v2/applications/7.json", 200, "{\"application\": " + APPLICATION + "}<html>oops</html>");

		// when the application is fetched
		Throwable failure = catchThrowable(() -> client.application(7));

		// then the whole body is not JSON, so it is refused
		assertThat(failure).isInstanceOf(ApmException.Unreadable.class);
	}

	@Test
	void aListWithoutItsEnvelopeIsUnreadable() {
		// given a list answer under the wrong member
		service.answer("/v2/applications.json", 200, "{\"application\": []}");

		// when applications are listed
		Throwable failure = catchThrowable(() -> client.applications(ApplicationFilter.all()).hasNext());

		// then no silent empty list: it is refused
		assertThat(failure).isInstanceOf(ApmException.Unreadable.class).hasMessageContaining("applications");
	}

	@ParameterizedTest(name = "call_count: {0}")
	@ValueSource(strings = { "\"99770\"", "-1", "NaN", "\"NaN\"", "1e999", "-Infinity", "null", "true", "[1]" })
	void aMetricValueThatIsNotAFiniteNonNegativeNumberIsUnreadable(String value) {
		// given a metric value that cannot be a count
		service.answer("/v2/applications/7/metrics/data.json", 200, """
				{"metric_data": {"from": "2024-03-05T09:00:00+00:00", "to": "2024-03-05T11:00:00+00:00",
				  "metrics_not_found": [], "metrics_found": ["HttpDispatcher"],
				  "metrics": [{"name": "HttpDispatcher", "timeslices": [{"from": "2024-03-05T09:00:00+00:00",
				     "to": "2024-03-05T11:00:00+00:00", "values": {"average_call_time": 12, "call_count": %s}}]}]}}
				""".formatted(value));

		// when the data is read
		Throwable failure = catchThrowable(() -> client.metricData(7,
				MetricQuery.summarized(List.of("HttpDispatcher"), MetricQuery.TIMING_VALUES, RANGE)));

		// then no wrong number reaches a report
		assertThat(failure).isInstanceOf(ApmException.Unreadable.class);
	}

	@Test
	void status422IsAnInvalidRequestWithTheServicesTitle() {
		// given the service refuses the parameters
		service.answer("/v2/applications/7/metrics/data.json", 422,
				"{\"error\": {\"title\": \"Invalid time range\"}, \"messages\": [\"too short\"]}");

		// when metric data is asked for
		ApmException.InvalidRequest failure = catchThrowableOfType(ApmException.InvalidRequest.class, () -> client
			.metricData(7, MetricQuery.summarized(List.of("HttpDispatcher"), List.of("call_count"), RANGE)));

		// then the failure is typed with its status and title
		assertThat(failure).isNotNull();
		assertThat(failure.status()).isEqualTo(422);
		assertThat(failure.getMessage()).contains("422").contains("Invalid time range").doesNotContain(KEY);
	}

	@ParameterizedTest(name = "status {0}")
	@ValueSource(ints = { 429, 500, 502, 503, 504 })
	void rateLimitsAndServerErrorsAreTransient(int status) {
		// given a rate-limited or failing service with an empty, odd or HTML body
		String body = status == 429 ? "{}" : status == 502 ? "<html>Bad Gateway</html>" : "";
		service.answer("/v2/applications/7.json", status, body, Map.of("Retry-After", "30"));

		// when the application is fetched
		ApmException.Transient failure = catchThrowableOfType(ApmException.Transient.class,
				() -> client.application(7));

		// then it is worth trying again later
		assertThat(failure).isNotNull();
		assertThat(failure.status()).isEqualTo(status);
	}

	@ParameterizedTest(name = "status {0}")
	@ValueSource(ints = { 401, 403 })
	void refusedKeysAreAuthenticationFailuresEvenWithAnEmptyBody(int status) {
		// given the key is refused with an empty error body
		service.answer("/v2/applications/7.json", status, "{}");

		// when the application is fetched
		ApmException.Authentication failure = catchThrowableOfType(ApmException.Authentication.class,
				() -> client.application(7));

		// then the whole run can stop on a typed failure that does not show the key
		assertThat(failure).isNotNull();
		assertThat(failure.status()).isEqualTo(status);
		assertThat(failure.getMessage()).doesNotContain(KEY);
	}

	@Test
	void aRedirectIsAnInvalidRequestAndIsNeverFollowed() {
		// given the service redirects elsewhere, as plain http is redirected to https
		URI target = elsewhere.baseUrl().resolve("/v2/applications/7.json");
		service.answer("/v2/applications/7.json", 301, "<html>Moved</html>",
				Map.of("Location", target.toString(), "Status", "301 Moved Permanently"));
		elsewhere.answer("/v2/applications/7.json", 200, "{\"application\": " + APPLICATION + "}");

		// when the application is fetched
		ApmException.InvalidRequest failure = catchThrowableOfType(ApmException.InvalidRequest.class,
				() -> client.application(7));

		// then the client stops, and the redirect target never saw the key
		assertThat(failure).isNotNull();
		assertThat(failure.status()).isEqualTo(301);
		assertThat(elsewhere.requests()).isEmpty();
	}

	@Test
	void aNextLinkToAnotherOriginIsUnreadableAndNotFollowed() {
		// given a first page whose rel="next" points at another server
		URI foreign = elsewhere.baseUrl().resolve("/v2/applications.json?page=2");
		service.answer("/v2/applications.json", 200, "{\"applications\": [" + APPLICATION + "]}",
				Map.of("Link", "<" + foreign + ">; rel=\"next\""));
		elsewhere.answer("/v2/applications.json", 200, "{\"applications\": []}");

		// when applications are listed
		Throwable failure = catchThrowable(() -> client.applications(ApplicationFilter.all()).forEachRemaining(a -> {
		}));

		// then the client refuses the link, and the other server got no request (so never
		// the key)
		assertThat(failure).isInstanceOf(ApmException.Unreadable.class);
		assertThat(elsewhere.requests()).isEmpty();
	}

	@Test
	void aNextLinkToAnotherHostNameIsUnreadable() {
		// given a first page whose rel="next" names another host on the same port
		URI foreign = URI.create("http://evil.example:" + service.baseUrl().getPort() + "/v2/applications.json?page=2");
		service.answer("/v2/applications.json", 200, "{\"applications\": [" + APPLICATION + "]}",
				Map.of("Link", "<" + foreign + ">; rel=\"next\""));

		// when applications are listed
		Throwable failure = catchThrowable(() -> client.applications(ApplicationFilter.all()).hasNext());

		// then the client refuses before following it
		assertThat(failure).isInstanceOf(ApmException.Unreadable.class);
		assertThat(service.requests()).hasSize(1);
	}

	@Test
	void aNextLinkToItselfIsUnreadableInsteadOfLoopingForever() {
		// given a page whose rel="next" is the page itself
		service.answer("/v2/applications.json", 200, "{\"applications\": [" + APPLICATION + "]}",
				Map.of("Link", "<" + service.baseUrl() + "/v2/applications.json>; rel=\"next\""));

		// when applications are listed (at most five, so a client that loops fails here
		// instead of hanging)
		Throwable failure = catchThrowable(() -> {
			Iterator<Application> applications = client.applications(ApplicationFilter.all());
			for (int i = 0; i < 5 && applications.hasNext(); i++) {
				applications.next();
			}
		});

		// then the loop is refused after one request
		assertThat(failure).isInstanceOf(ApmException.Unreadable.class);
		assertThat(service.requests()).hasSize(1);
	}

	@Test
	void twoPagesThatLinkToEachOtherAreUnreadableInsteadOfLoopingForever() {
		// given page 1 links to page 2, and page 2 back to page 1
		String base = service.baseUrl() + "/v2/applications.json";
		service.answer("/v2/applications.json", 200, page(1), Map.of("Link", "<" + base + "?page=2>; rel=\"next\""));
		service.answer("/v2/applications.json?page=2", 200, page(2), Map.of("Link", "<" + base + ">; rel=\"next\""));

		// when applications are listed (bounded, so a looping client fails instead of
		// hanging)
		Throwable failure = catchThrowable(() -> {
			Iterator<Application> applications = client.applications(ApplicationFilter.all());
			for (int i = 0; i < 10 && applications.hasNext(); i++) {
				applications.next();
			}
		});

		// then the circle is refused once it closes, after two requests
		assertThat(failure).isInstanceOf(ApmException.Unreadable.class).hasMessageContaining("already read");
		assertThat(service.requests()).hasSize(2);
	}

	@Test
	void aPageAskedForDirectlyAtAnotherOriginIsRefusedWithoutSendingTheKey() {
		// given a stored page address that points at another server
		URI foreign = elsewhere.baseUrl().resolve("/v2/applications.json?page=2");
		elsewhere.answer("/v2/applications.json", 200, "{\"applications\": [" + APPLICATION + "]}");

		// when that page is asked for
		Throwable failure = catchThrowable(() -> client.applicationsPage(foreign));

		// then the client refuses, and the other server never got a request with the key
		assertThat(failure).isInstanceOf(ApmException.InvalidRequest.class).hasMessageNotContaining(KEY);
		assertThat(elsewhere.requests()).isEmpty();
	}

	@Test
	void aLinkHeaderWithSeveralRelsIsFollowedToTheEnd() {
		// given three pages whose Link headers carry next among last, first and prev, in
		// varying order
		String base = service.baseUrl() + "/v2/applications.json";
		service.answer("/v2/applications.json", 200, page(1),
				Map.of("Link", "<" + base + "?page=3>; rel=\"last\", <" + base + "?page=2>; rel=\"next\""));
		service.answer("/v2/applications.json?page=2", 200, page(2),
				Map.of("Link", "<" + base + "?page=1>; rel=\"first\", <" + base + "?page=1>; rel=\"prev\", <" + base
						+ "?page=3>; rel=\"next\", <" + base + "?page=3>; rel=\"last\""));
		service.answer("/v2/applications.json?page=3", 200, page(3),
				Map.of("Link", "<" + base + "?page=1>; rel=\"first\", <" + base + "?page=2>; rel=\"prev\""));

		// when applications are listed
		List<Long> ids = new ArrayList<>();
		client.applications(ApplicationFilter.all()).forEachRemaining(app -> ids.add(app.id()));

		// then every page was read once, in order, and the last page's first/prev did not
		// restart the walk
		assertThat(ids).containsExactly(1L, 2L, 3L);
		assertThat(service.requests()).extracting(Request::pathAndQuery)
			.containsExactly("/v2/applications.json", "/v2/applications.json?page=2", "/v2/applications.json?page=3");
	}

	@Test
	void linkHeaderFindsNextAmongSeveralRelsAndForms() {
		// given a base and several Link header forms
		URI base = URI.create("https://api.example/v2/applications.json");

		// when next is read from each
		Optional<URI> listed = LinkHeader
			.next(List.of("<https://api.example/v2/applications.json?page=9>; rel=\"last\", "
					+ "<https://api.example/v2/applications.json?page=2>; rel=\"next\""), base);
		Optional<URI> spaceSeparated = LinkHeader.next(List.of("</v2/applications.json?page=3>; rel=\"prev next\""),
				base);
		Optional<URI> unquotedWithOtherParams = LinkHeader
			.next(List.of("</v2/applications.json?page=4>; title=\"more\"; rel=next"), base);
		Optional<URI> secondHeaderLine = LinkHeader.next(List.of("</v2/applications.json?page=1>; rel=\"first\"",
				"</v2/applications.json?page=5>; rel=\"next\""), base);
		Optional<URI> none = LinkHeader.next(
				List.of("</v2/applications.json?page=1>; rel=\"prev\", </v2/applications.json?page=9>; rel=\"last\""),
				base);
		Optional<URI> notARelNamedNext = LinkHeader.next(List.of("</x?page=6>; rel=\"nextpage\""), base);

		// then next is found wherever it is, resolved against the base, and only a real
		// "next" counts
		assertThat(listed).contains(URI.create("https://api.example/v2/applications.json?page=2"));
		assertThat(spaceSeparated).contains(URI.create("https://api.example/v2/applications.json?page=3"));
		assertThat(unquotedWithOtherParams).contains(URI.create("https://api.example/v2/applications.json?page=4"));
		assertThat(secondHeaderLine).contains(URI.create("https://api.example/v2/applications.json?page=5"));
		assertThat(none).isEmpty();
		assertThat(notARelNamedNext).isEmpty();
		assertThat(LinkHeader.next(null, base)).isEmpty();
	}

	private static String page(long id) {
		return "{\"applications\": [" + APPLICATION.replace("\"id\": 7", "\"id\": " + id) + "]}";
	}

	record Request(String pathAndQuery, String apiKey) {
	}

	/**
	 * A loopback server answering canned responses by path (and query, when one is
	 * registered for it).
	 */
	static final class Canned implements AutoCloseable {

		private record Response(int status, byte[] body, Map<String, String> headers) {
		}

		private final HttpServer server;

		private final Map<String, Response> responses = new ConcurrentHashMap<>();

		private final List<Request> requests = new CopyOnWriteArrayList<>();

		Canned() throws IOException {
			server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
			server.createContext("/", this::handle);
			server.start();
		}

		URI baseUrl() {
			return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
		}

		void answer(String pathAndQuery, int status, String body) {
			answer(pathAndQuery, status, body, Map.of());
		}

		void answer(String pathAndQuery, int status, String body, Map<String, String> headers) {
			responses.put(pathAndQuery, new Response(status, body.getBytes(StandardCharsets.UTF_8), headers));
		}

		List<Request> requests() {
			return List.copyOf(requests);
		}

		private void handle(HttpExchange exchange) throws IOException {
			URI uri = exchange.getRequestURI();
			String pathAndQuery = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
			requests.add(new Request(pathAndQuery, exchange.getRequestHeaders().getFirst("X-Api-Key")));
			Response response = responses.getOrDefault(pathAndQuery, responses.get(uri.getRawPath()));
			if (response == null) {
				response = new Response(404, "{\"error\": {\"title\": \"no canned answer\"}}".getBytes(), Map.of());
			}
			try (exchange) {
				response.headers().forEach(exchange.getResponseHeaders()::set);
				exchange.getResponseHeaders().set("Content-Type", "application/json");
				exchange.sendResponseHeaders(response.status(),
						response.body().length == 0 ? -1 : response.body().length);
				if (response.body().length > 0) {
					try (OutputStream out = exchange.getResponseBody()) {
						out.write(response.body());
					}
				}
			}
		}

		@Override
		public void close() {
			server.stop(0);
		}

	}

}
