package io.apmreports.sandbox;

import java.io.IOException;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import tools.jackson.databind.json.JsonMapper;

/**
 * Routes every request of a {@link SandboxServer}: counts it by kind, lets the faults
 * answer it, and when it passes checks its key and method and hands it to the handler of
 * its resource; {@code /graphql} goes to the {@link NerdGraphFront}.
 */
final class ApiHandler implements HttpHandler {

	private static final JsonMapper JSON = Answer.JSON;

	@FunctionalInterface
	private interface Route {

		Answer answer(Matcher path, QueryParameters query);

	}

	private record RouteEntry(String kind, Pattern pattern) {
	}

	/** A request's route and the match of its path, whose groups are the ids in it. */
	private record Routed(RouteEntry entry, Matcher path) {
	}

	private static final List<RouteEntry> ROUTES = List.of(route("applications", "/v2/applications\\.json"),
			route("application", "/v2/applications/(\\d+)\\.json"),
			route("hosts", "/v2/applications/(\\d+)/hosts\\.json"),
			route("instances", "/v2/applications/(\\d+)/instances\\.json"),
			route("metric-names", "/v2/applications/(\\d+)/metrics\\.json"),
			route("metric-data", "/v2/applications/(\\d+)/metrics/data\\.json"),
			route("host-metric-data", "/v2/applications/(\\d+)/hosts/(\\d+)/metrics/data\\.json"),
			route("key-transactions", "/v2/key_transactions\\.json"),
			route("key-transaction", "/v2/key_transactions/(\\d+)\\.json"));

	private final RequestLog log;

	private final FaultResponder faults;

	/** Each account's resources by route kind, under the key that reaches them. */
	private final Map<String, Map<String, Route>> accountsByKey = new HashMap<>();

	private final NerdGraphFront nerdGraph;

	ApiHandler(SandboxOptions options, RequestLog log, String baseUrl, Clock clock) {
		this.log = log;
		this.faults = new FaultResponder(options.faults(), clock, log);
		this.nerdGraph = new NerdGraphFront(options, log, faults, clock);
		Paging paging = new Paging(options.pageSize(), baseUrl);
		for (SandboxAccount account : options.accounts()) {
			// only the first account's applications vanish: tests of that need one
			Set<Long> vanished = account.id() == options.accountId() ? options.vanishedApplicationIds() : Set.of();
			accountsByKey.put(account.restKey(), routes(new AccountView(account.data(), vanished, clock), paging));
		}
	}

	/** One account's REST resources: a REST key reaches its own account only. */
	private static Map<String, Route> routes(AccountView view, Paging paging) {
		MetricDataBodies metricData = new MetricDataBodies(view.account(), view.clock());
		ApplicationRoutes applications = new ApplicationRoutes(view, paging);
		HostRoutes hosts = new HostRoutes(view, paging, metricData);
		MetricRoutes metrics = new MetricRoutes(view, paging, metricData);
		KeyTransactionRoutes keyTransactions = new KeyTransactionRoutes(view, paging);
		return Map.of("applications", applications::list, "application", applications::one, "hosts", hosts::hosts,
				"instances", hosts::instances, "metric-names", metrics::names, "metric-data", metrics::data,
				"host-metric-data", hosts::metricData, "key-transactions", keyTransactions::list, "key-transaction",
				keyTransactions::one);
	}

	private static RouteEntry route(String kind, String pattern) {
		return new RouteEntry(kind, Pattern.compile(pattern));
	}

	@Override
	public void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			long arrived = System.nanoTime();
			if (NerdGraphFront.PATH.equals(exchange.getRequestURI().getRawPath())) {
				nerdGraph.handle(exchange, arrived);
				return;
			}
			Routed routed = routed(exchange.getRequestURI().getRawPath());
			log.request(routed == null ? null : routed.entry().kind());
			if (routed != null && routed.entry().kind().equals("metric-data") && !summarized(exchange)) {
				log.seriesRequest();
			}
			faults.answer(exchange, arrived, () -> realReply(exchange, routed));
		}
	}

	private static boolean summarized(HttpExchange exchange) {
		return "true".equalsIgnoreCase(new QueryParameters(exchange.getRequestURI().getRawQuery()).first("summarize"));
	}

	/** The route whose pattern the whole path matches; null for an unknown path. */
	private Routed routed(String path) {
		for (RouteEntry candidate : ROUTES) {
			Matcher match = candidate.pattern().matcher(path);
			if (match.matches()) {
				return new Routed(candidate, match);
			}
		}
		return null;
	}

	private Reply realReply(HttpExchange exchange, Routed routed) {
		Answer answer;
		try {
			answer = dispatch(exchange, routed);
		}
		catch (ApiException e) {
			answer = Answer.error(e.status(), e.getMessage());
		}
		catch (RuntimeException e) {
			answer = Answer.error(500, "Internal error: " + e);
		}
		Map<String, String> headers = new LinkedHashMap<>();
		if (answer.link() != null) {
			headers.put("Link", answer.link());
		}
		if (answer.status() == 405) {
			headers.put("Allow", "GET");
		}
		if (answer.status() == 200 && routed != null && answer.body().has("metric_data")) {
			BadBody bad = faults.badBody(Long.parseLong(routed.path().group(1)));
			if (bad != null) {
				return BadBodies.reply(JSON, bad, answer.body(), headers);
			}
		}
		return Reply.json(JSON, answer.status(), answer.body(), headers);
	}

	private Answer dispatch(HttpExchange exchange, Routed routed) {
		String key = exchange.getRequestHeaders().getFirst("X-Api-Key");
		if (key == null) {
			key = exchange.getRequestHeaders().getFirst("Api-Key");
		}
		Map<String, Route> account = key == null ? null : accountsByKey.get(key);
		if (account == null) {
			return Answer.error(401, "The API key provided is invalid");
		}
		if (routed == null) {
			return Answer.error(404, "Unknown path " + exchange.getRequestURI().getRawPath());
		}
		if (!"GET".equals(exchange.getRequestMethod())) {
			return Answer.error(405, "Method " + exchange.getRequestMethod() + " is not allowed; use GET");
		}
		if (routed.entry().kind().equals("metric-data") && !summarized(exchange)) {
			long applicationId = Long.parseLong(routed.path().group(1));
			OptionalInt refused = faults.refusedSeries(applicationId);
			if (refused.isPresent()) {
				log.refusal();
				return Answer.error(refused.getAsInt(),
						"The series of application " + applicationId + " is refused (fault refuse-series)");
			}
		}
		QueryParameters query = new QueryParameters(exchange.getRequestURI().getRawQuery());
		return account.get(routed.entry().kind()).answer(routed.path(), query);
	}

}
