package io.apmreports.source.nrql;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpServer;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.apmreports.source.access.ApiKey;
import io.apmreports.source.access.RequestPacer;
import io.apmreports.source.access.RetryPolicy;

/**
 * A loopback HTTP server that answers NerdGraph requests as a test scripts it, and keeps
 * what it was sent.
 */
final class FakeNerdGraph implements AutoCloseable {

	static final String KEY = "NRAK-TESTKEY";

	static final JsonMapper JSON = JsonMapper.builder().build();

	private final HttpServer server;

	private final List<Request> requests = new CopyOnWriteArrayList<>();

	private volatile Function<Request, Reply> answer = request -> Reply.ok("{\"data\":null}");

	FakeNerdGraph() {
		try {
			server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		server.setExecutor(Executors.newFixedThreadPool(8));
		server.createContext("/graphql", exchange -> {
			JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
			Request request = new Request(exchange.getRequestHeaders().getFirst("API-Key"),
					body.path("query").asString(), body.path("variables"));
			requests.add(request);
			Reply reply = answer.apply(request);
			byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().set("Content-Type", reply.contentType());
			reply.headers().forEach((name, value) -> exchange.getResponseHeaders().set(name, value));
			exchange.sendResponseHeaders(reply.status(), bytes.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(bytes);
			}
		});
		server.start();
	}

	URI url() {
		return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/graphql");
	}

	void answer(Function<Request, Reply> script) {
		this.answer = script;
	}

	List<Request> requests() {
		return requests;
	}

	/** A client of this server: retries without waiting, no pacing. */
	NerdGraphClient client(int maxAttempts) {
		RestClient rest = NerdGraphClient.restClient(RestClient.builder(), url(), Duration.ofSeconds(2),
				Duration.ofSeconds(5));
		return new NerdGraphClient(rest, new NerdGraphEndpoint(url(), new ApiKey(KEY), 1234567L),
				new RetryPolicy(maxAttempts, Duration.ZERO, Duration.ZERO, Duration.ZERO),
				new RequestPacer(0, Clock.systemUTC()), 4, Duration.ofSeconds(60));
	}

	@Override
	public void close() {
		server.stop(0);
	}

	/** The rows of an NRQL answer. */
	static Reply rows(List<Map<String, Object>> rows) {
		return Reply.ok(JSON.writeValueAsString(
				Map.of("data", Map.of("actor", Map.of("account", Map.of("nrql", Map.of("results", rows)))))));
	}

	/** An answer with one error of {@code errorClass}. */
	static Reply error(String errorClass, String message) {
		return Reply.ok("{\"data\":{\"actor\":{\"account\":{\"nrql\":null}}},\"errors\":[{\"message\":\"" + message
				+ "\",\"extensions\":{\"errorClass\":\"" + errorClass + "\"}}]}");
	}

	/**
	 * A request as the server read it.
	 *
	 * @param key the API-Key header
	 * @param document the GraphQL document
	 * @param variables its variables
	 */
	record Request(String key, String document, JsonNode variables) {

		String nrql() {
			return variables.path("nrql").asString();
		}

		/** The ids of {@code appId IN (...)}. */
		List<Long> applicationIds() {
			Matcher ids = Pattern.compile("appId IN \\(([^)]*)\\)").matcher(nrql());
			return ids.find() ? Arrays.stream(ids.group(1).split(",\\s*")).map(Long::valueOf).toList() : List.of();
		}

		/** The names of {@code metricTimesliceName IN (...)} or {@code = '...'}. */
		List<String> names() {
			Matcher in = Pattern.compile("metricTimesliceName (?:IN \\(([^)]*)\\)|= ('[^']*'))").matcher(nrql());
			if (!in.find()) {
				return List.of();
			}
			String list = in.group(1) != null ? in.group(1) : in.group(2);
			List<String> names = new ArrayList<>();
			for (String quoted : list.split(",\\s*")) {
				names.add(quoted.substring(1, quoted.length() - 1));
			}
			return names;
		}

		/** The LIMIT: 5000 for MAX. */
		int limit() {
			Matcher limit = Pattern.compile("LIMIT (MAX|\\d+)").matcher(nrql());
			return !limit.find() || limit.group(1).equals("MAX") ? 5000 : Integer.parseInt(limit.group(1));
		}

	}

	/**
	 * An answer.
	 *
	 * @param status HTTP status
	 * @param body body
	 * @param contentType its type
	 * @param headers more headers
	 */
	record Reply(int status, String body, String contentType, Map<String, String> headers) {

		static Reply ok(String json) {
			return new Reply(200, json, "application/json", Map.of());
		}

		static Reply status(int status) {
			return new Reply(status, "<html>no</html>", "text/html", Map.of());
		}

	}

}
