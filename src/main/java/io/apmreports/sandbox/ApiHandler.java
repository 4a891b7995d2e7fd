package io.apmreports.sandbox;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.apmreports.sandbox.Faults.BadBody;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Routes and answers every request of a {@link SandboxServer}. */
final class ApiHandler implements HttpHandler {

	private static final JsonMapper JSON = JsonMapper.builder().build();
	/** Pieces a slow body is written in; the pause of {@link Faults#slowBody()} is spread over them. */
	private static final int SLOW_PIECES = 10;
	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssxxx");
	private static final Pattern APPLICATION = Pattern.compile("/v2/applications/(\\d+)\\.json");
	private static final Pattern HOSTS = Pattern.compile("/v2/applications/(\\d+)/hosts\\.json");
	private static final Pattern INSTANCES = Pattern.compile("/v2/applications/(\\d+)/instances\\.json");
	private static final Pattern METRIC_NAMES = Pattern.compile("/v2/applications/(\\d+)/metrics\\.json");
	private static final Pattern METRIC_DATA = Pattern.compile("/v2/applications/(\\d+)/metrics/data\\.json");
	private static final Pattern HOST_METRIC_DATA =
			Pattern.compile("/v2/applications/(\\d+)/hosts/(\\d+)/metrics/data\\.json");
	private static final Pattern KEY_TRANSACTION = Pattern.compile("/v2/key_transactions/(\\d+)\\.json");
	/** Slice lengths of a series by range, in minutes: {longest range, slice}. */
	private static final long[][] SLICES = {
			{3 * 60, 1}, {6 * 60, 2}, {14 * 60, 5}, {24 * 60, 10}, {4 * 1440, 30}, {7 * 1440, 60},
			{21 * 1440, 180}, {42 * 1440, 360}, {63 * 1440, 720}};
	private static final long LONGEST_SLICE = 3 * 1440;

	private final SandboxOptions options;
	private final SyntheticAccount account;
	private final RequestLog log;
	private final String baseUrl;
	private final Clock clock;
	private final List<SyntheticApplication> applicationsByName;
	private final AtomicLong metricResponses = new AtomicLong();
	private final FaultInjector faults;
	private final AtomicLong serverErrors = new AtomicLong();

	ApiHandler(SandboxOptions options, RequestLog log, String baseUrl, Clock clock) {
		this.options = options;
		this.account = options.account();
		this.log = log;
		this.baseUrl = baseUrl;
		this.clock = clock;
		this.faults = new FaultInjector(options.faults(), clock);
		// Listed by name, never by id, so clients cannot rely on an id order.
		this.applicationsByName = account.applications().stream()
				.sorted(Comparator.comparing((SyntheticApplication a) -> a.name().toLowerCase(Locale.ROOT))
						.thenComparingLong(SyntheticApplication::id))
				.toList();
	}

	/** A JSON answer with optional Link header. */
	private record Answer(int status, ObjectNode body, String link) {
		static Answer ok(ObjectNode body) {
			return new Answer(200, body, null);
		}
	}

	@FunctionalInterface
	private interface Route {
		Answer answer(Matcher path, QueryParameters query);
	}

	private record RouteEntry(String kind, Pattern pattern, Route route) {
	}

	private final List<RouteEntry> routes = List.of(
			new RouteEntry("applications", Pattern.compile("/v2/applications\\.json"), this::applications),
			new RouteEntry("application", APPLICATION, this::application),
			new RouteEntry("hosts", HOSTS, this::hosts),
			new RouteEntry("instances", INSTANCES, this::instances),
			new RouteEntry("metric-names", METRIC_NAMES, this::metricNames),
			new RouteEntry("metric-data", METRIC_DATA, this::metricData),
			new RouteEntry("host-metric-data", HOST_METRIC_DATA, this::hostMetricData),
			new RouteEntry("key-transactions", Pattern.compile("/v2/key_transactions\\.json"), this::keyTransactions),
			new RouteEntry("key-transaction", KEY_TRANSACTION, this::keyTransaction));

	@Override
	public void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			long arrived = System.nanoTime();
			String path = exchange.getRequestURI().getRawPath();
			RouteEntry entry = null;
			Matcher matcher = null;
			for (RouteEntry candidate : routes) {
				Matcher match = candidate.pattern().matcher(path);
				if (match.matches()) {
					entry = candidate;
					matcher = match;
					break;
				}
			}
			log.request(entry == null ? null : entry.kind());
			if (tooLong(exchange.getRequestURI())) {
				send(exchange, uriTooLong(), false);
				return;
			}
			FaultInjector.Verdict verdict = faults.next();
			// the latency is the time to the answer, the sandbox's own work included, as a service's latency is
			Reply reply = verdict instanceof FaultInjector.Pass ? realReply(exchange, entry, matcher)
					: verdict instanceof FaultInjector.Fail fail ? faultReply(fail) : null;
			if (!pause(faults.faults().latency().minusNanos(System.nanoTime() - arrived))) {
				return;
			}
			if (reply == null) {
				// Closing an exchange whose headers were never sent closes the connection itself.
				log.droppedConnection();
			} else {
				send(exchange, reply, verdict instanceof FaultInjector.Pass pass && pass.truncate()
						&& reply.status() == 200);
			}
		}
	}

	private Reply realReply(HttpExchange exchange, RouteEntry entry, Matcher matcher) {
		Answer answer;
		try {
			answer = dispatch(exchange, entry, matcher);
		} catch (ApiException e) {
			answer = error(e.status(), e.getMessage());
		} catch (RuntimeException e) {
			answer = error(500, "Internal error: " + e);
		}
		Map<String, String> headers = new LinkedHashMap<>();
		if (answer.link() != null) {
			headers.put("Link", answer.link());
		}
		if (answer.status() == 405) {
			headers.put("Allow", "GET");
		}
		if (answer.status() == 200 && entry != null && answer.body().has("metric_data")) {
			BadBody bad = faults.faults().badBodies().get(Long.parseLong(matcher.group(1)));
			if (bad != null) {
				return BadBodies.reply(JSON, bad, answer.body(), headers);
			}
		}
		return Reply.json(JSON, answer.status(), answer.body(), headers);
	}

	private Answer dispatch(HttpExchange exchange, RouteEntry entry, Matcher matcher) {
		String key = exchange.getRequestHeaders().getFirst("X-Api-Key");
		if (key == null) {
			key = exchange.getRequestHeaders().getFirst("Api-Key");
		}
		if (!options.apiKey().equals(key)) {
			return error(401, "The API key provided is invalid");
		}
		if (entry == null) {
			return error(404, "Unknown path " + exchange.getRequestURI().getRawPath());
		}
		if (!"GET".equals(exchange.getRequestMethod())) {
			return error(405, "Method " + exchange.getRequestMethod() + " is not allowed; use GET");
		}
		return entry.route().answer(matcher, new QueryParameters(exchange.getRequestURI().getRawQuery()));
	}

	private boolean tooLong(URI uri) {
		int limit = faults.faults().maxUrlLength();
		return limit > 0 && uri.getRawPath().length() + (uri.getRawQuery() == null ? 0 : 1 + uri.getRawQuery().length())
				> limit;
	}

	/** A front server's refusal: a page, not the API's JSON. */
	private static Reply uriTooLong() {
		return page(414, "Request-URI Too Large", Map.of());
	}

	/** An HTML error page, as a proxy or front server sends. */
	private static Reply page(int status, String title, Map<String, String> headers) {
		String html = "<html><head><title>" + status + " " + title + "</title></head><body><h1>" + status + " "
				+ title + "</h1></body></html>\n";
		return new Reply(status, "text/html; charset=utf-8", html.getBytes(StandardCharsets.UTF_8), headers);
	}

	/** The answer of a status the faults impose, with the body a proxy or the rate limiter would send. */
	private Reply faultReply(FaultInjector.Fail fail) {
		Map<String, String> headers = new LinkedHashMap<>();
		int status = fail.status();
		if (status == 429) {
			FaultInjector.Limit limit = faults.limit();
			headers.put("Retry-After", Long.toString(fail.retryAfterSeconds()));
			headers.put("X-RateLimit-Limit", Integer.toString(
					limit == null ? FaultInjector.SERVICE_LIMIT_PER_MINUTE : limit.limit()));
			headers.put("X-RateLimit-Remaining", "0");
			headers.put("X-RateLimit-Reset", Long.toString(fail.resetEpochSecond()));
			return Reply.json(JSON, 429, JSON.createObjectNode(), headers);
		}
		String title = reason(status);
		// Proxies in front of the real service answer 5xx as often with a page as with the API's JSON.
		if (status >= 500 && serverErrors.incrementAndGet() % 2 == 0) {
			return page(status, title, headers);
		}
		return Reply.json(JSON, status, error(status, title).body(), headers);
	}

	private static String reason(int status) {
		return switch (status) {
			case 400 -> "Bad Request";
			case 401 -> "Unauthorized";
			case 403 -> "Forbidden";
			case 404 -> "Not Found";
			case 422 -> "Unprocessable Entity";
			case 500 -> "Internal Server Error";
			case 502 -> "Bad Gateway";
			case 503 -> "Service Unavailable";
			case 504 -> "Gateway Timeout";
			default -> status < 500 ? "Client Error" : "Server Error";
		};
	}

	/**
	 * Sends a reply. A truncated reply promises its whole length but stops after half of it; closing
	 * the exchange then finds the body short and closes the connection, which the client sees as an
	 * end of stream in the middle of the body.
	 */
	private void send(HttpExchange exchange, Reply reply, boolean truncate) throws IOException {
		exchange.getResponseHeaders().set("Content-Type", reply.contentType());
		reply.headers().forEach(exchange.getResponseHeaders()::set);
		FaultInjector.Limit limit = faults.limit();
		if (limit != null && !reply.headers().containsKey("X-RateLimit-Limit")) {
			exchange.getResponseHeaders().set("X-RateLimit-Limit", Integer.toString(limit.limit()));
			exchange.getResponseHeaders().set("X-RateLimit-Remaining", Long.toString(limit.remaining()));
		}
		log.answered(reply.status());
		byte[] body = reply.body();
		exchange.sendResponseHeaders(reply.status(), body.length == 0 ? -1 : body.length);
		int length = truncate ? body.length / 2 : body.length;
		OutputStream out = exchange.getResponseBody();
		Duration slow = faults.faults().slowBody();
		if (slow.isZero()) {
			out.write(body, 0, length);
		} else {
			int piece = Math.max(1, (length + SLOW_PIECES - 1) / SLOW_PIECES);
			Duration pause = slow.dividedBy(SLOW_PIECES);
			for (int offset = 0; offset < length; offset += piece) {
				if (!pause(pause)) {
					return;
				}
				out.write(body, offset, Math.min(piece, length - offset));
				out.flush();
			}
		}
		out.flush();
		if (!truncate) {
			out.close();
		}
	}

	/** Waits; false when the server is shutting down and the answer should be abandoned. */
	private static boolean pause(Duration duration) {
		if (duration.isZero() || duration.isNegative()) {
			return true;
		}
		try {
			Thread.sleep(duration.toMillis(), duration.toNanosPart() % 1_000_000);
			return true;
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	private static Answer error(int status, String title) {
		ObjectNode body = JSON.createObjectNode();
		body.putObject("error").put("title", title);
		return new Answer(status, body, null);
	}

	// ---- applications -------------------------------------------------------------------------

	private Answer applications(Matcher path, QueryParameters query) {
		String name = query.first("filter[name]");
		String language = query.first("filter[language]");
		String host = query.first("filter[host]");
		Set<Long> ids = parseIds(query.first("filter[ids]", "filter[id]"));
		Predicate<SyntheticApplication> filter = app ->
				(name == null || app.name().toLowerCase(Locale.ROOT).contains(name.toLowerCase(Locale.ROOT)))
						&& (language == null || app.language().equalsIgnoreCase(language))
						&& (ids == null || ids.contains(app.id()))
						&& (host == null || app.hosts().stream().anyMatch(h -> h.hostName().contains(host)));
		List<SyntheticApplication> matching = applicationsByName.stream().filter(filter).toList();
		return paged("/v2/applications.json", query, matching, "applications", this::applicationJson);
	}

	private static Set<Long> parseIds(String list) {
		if (list == null) {
			return null;
		}
		Set<Long> ids = new LinkedHashSet<>();
		for (String part : list.split(",")) {
			if (!part.isBlank()) {
				try {
					ids.add(Long.parseLong(part.strip()));
				} catch (NumberFormatException e) {
					throw ApiException.invalid("Invalid application id: " + part.strip());
				}
			}
		}
		return ids;
	}

	private Answer application(Matcher path, QueryParameters query) {
		ObjectNode body = JSON.createObjectNode();
		body.set("application", applicationJson(visibleApplication(path.group(1))));
		return Answer.ok(body);
	}

	private SyntheticApplication visibleApplication(String id) {
		long applicationId = parseId(id);
		if (options.vanishedApplicationIds().contains(applicationId)) {
			throw ApiException.notFound("No Application found with ID " + id);
		}
		return account.application(applicationId)
				.orElseThrow(() -> ApiException.notFound("No Application found with ID " + id));
	}

	private static long parseId(String id) {
		try {
			return Long.parseLong(id);
		} catch (NumberFormatException e) {
			throw ApiException.notFound("No resource with ID " + id);
		}
	}

	private ObjectNode applicationJson(SyntheticApplication app) {
		ObjectNode node = JSON.createObjectNode();
		node.put("id", app.id());
		node.put("name", app.name());
		node.put("language", app.language());
		node.put("health_status", app.healthStatus());
		node.put("reporting", app.reporting());
		if (app.reporting()) {
			node.put("last_reported_at", lastReportedAt(app.id()));
			// The real service leaves the summary out for applications that stopped reporting.
			ObjectNode summary = summaryJson(app, app.hosts());
			summary.put("host_count", app.hosts().size());
			summary.put("instance_count", app.instanceIds().size());
			summary.put("concurrent_instance_count", app.instanceIds().size());
			node.set("application_summary", summary);
		}
		ObjectNode settings = node.putObject("settings");
		settings.put("app_apdex_threshold", app.apdexThreshold());
		settings.put("end_user_apdex_threshold", 7.0);
		settings.put("enable_real_user_monitoring", app.reports("HttpDispatcher"));
		settings.put("use_server_side_config", false);
		ObjectNode links = node.putObject("links");
		ArrayNode instances = links.putArray("application_instances");
		app.instanceIds().forEach(instances::add);
		ArrayNode hosts = links.putArray("application_hosts");
		app.hosts().forEach(h -> hosts.add(h.id()));
		ArrayNode servers = links.putArray("servers");
		app.hosts().forEach(h -> servers.add(serverId(h)));
		if (!"unknown".equals(app.healthStatus())) {
			// "unknown" health means no alert policy, so there is no policy to link.
			links.put("alert_policy", 7000 + app.id() % 7);
		}
		return node;
	}

	private static long serverId(SyntheticHost host) {
		return 9_000_000_000L + host.id();
	}

	private String lastReportedAt(long id) {
		Instant now = clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
		return format(now.minusSeconds(Math.floorMod(Hashing.hash(id, 0, 41, 0), 90)));
	}

	/** Rolling summary of the last three minutes, as the real summaries are. */
	private ObjectNode summaryJson(SyntheticApplication app, List<SyntheticHost> hosts) {
		AppModel model = account.model(app.id());
		long now = clock.instant().getEpochSecond() / 60;
		long from = now - 3;
		boolean web = app.reports("HttpDispatcher");
		Aggregate traffic = SyntheticAccount.aggregate(model, hosts, web ? "HttpDispatcher" : "OtherTransaction/all",
				from, now);
		Aggregate all = new Aggregate();
		all.add(traffic);
		if (web && app.reports("OtherTransaction/all")) {
			all.add(SyntheticAccount.aggregate(model, hosts, "OtherTransaction/all", from, now));
		}
		Aggregate errors = SyntheticAccount.aggregate(model, hosts, "Errors/all", from, now);
		Aggregate apdex = SyntheticAccount.aggregate(model, hosts, "Apdex", from, now);
		ObjectNode summary = JSON.createObjectNode();
		summary.put("response_time", round(traffic.averageMs(), 1));
		summary.put("throughput", round(traffic.calls / 3.0, 1));
		summary.put("error_rate", all.calls == 0 ? 0 : round((double) errors.errors / all.calls, 4));
		summary.put("apdex_target", app.apdexThreshold());
		summary.put("apdex_score", apdex.apdexCount() == 0 ? 1.0 : round(apdex.apdexScore(), 2));
		return summary;
	}

	private static double round(double value, int decimals) {
		double scale = Math.pow(10, decimals);
		return Math.round(value * scale) / scale;
	}

	// ---- hosts and instances ------------------------------------------------------------------

	private Answer hosts(Matcher path, QueryParameters query) {
		SyntheticApplication app = visibleApplication(path.group(1));
		return paged(path.group(0), query, app.hosts(), "application_hosts", host -> {
			int index = app.hosts().indexOf(host);
			ObjectNode node = JSON.createObjectNode();
			node.put("id", host.id());
			node.put("application_name", app.name());
			node.put("host", host.hostName());
			node.put("language", app.language());
			node.put("health_status", app.healthStatus());
			ObjectNode summary = summaryJson(app, List.of(host));
			summary.put("instance_count", 1);
			node.set("application_summary", summary);
			ObjectNode links = node.putObject("links");
			links.put("application", app.id());
			links.putArray("application_instances").add(app.instanceIds().get(index));
			links.put("server", serverId(host));
			return node;
		});
	}

	private Answer instances(Matcher path, QueryParameters query) {
		SyntheticApplication app = visibleApplication(path.group(1));
		return paged(path.group(0), query, app.instanceIds(), "application_instances", instanceId -> {
			SyntheticHost host = app.hosts().get(app.instanceIds().indexOf(instanceId));
			ObjectNode node = JSON.createObjectNode();
			node.put("id", instanceId);
			node.put("application_name", app.name());
			node.put("host", host.hostName());
			node.put("port", 8080);
			node.put("language", app.language());
			node.put("health_status", app.healthStatus());
			node.set("application_summary", summaryJson(app, List.of(host)));
			ObjectNode links = node.putObject("links");
			links.put("application", app.id());
			links.put("application_host", host.id());
			links.put("server", serverId(host));
			return node;
		});
	}

	// ---- metric names and data -----------------------------------------------------------------

	private Answer metricNames(Matcher path, QueryParameters query) {
		SyntheticApplication app = visibleApplication(path.group(1));
		String name = query.first("name");
		List<String> names = app.metricNames().stream()
				.filter(n -> name == null || n.contains(name))
				.sorted()
				.toList();
		return paged(path.group(0), query, names, "metrics", metric -> {
			ObjectNode node = JSON.createObjectNode();
			node.put("name", metric);
			ArrayNode values = node.putArray("values");
			MetricFamily.of(metric).valueNames().forEach(values::add);
			return node;
		});
	}

	private Answer metricData(Matcher path, QueryParameters query) {
		SyntheticApplication app = visibleApplication(path.group(1));
		return metricData(app, app.hosts(), query);
	}

	private Answer hostMetricData(Matcher path, QueryParameters query) {
		SyntheticApplication app = visibleApplication(path.group(1));
		long hostId = parseId(path.group(2));
		SyntheticHost host = app.hosts().stream().filter(h -> h.id() == hostId).findFirst()
				.orElseThrow(() -> ApiException.notFound("No Host found with ID " + hostId));
		return metricData(app, List.of(host), query);
	}

	private Answer metricData(SyntheticApplication app, List<SyntheticHost> hosts, QueryParameters query) {
		List<String> names = List.copyOf(new LinkedHashSet<>(query.all("names[]", "names")));
		if (names.isEmpty()) {
			throw ApiException.invalid("The parameter names[] is required");
		}
		Set<String> requestedValues = new LinkedHashSet<>(query.all("values[]", "values"));
		Instant[] range = range(query);
		long fromMinute = range[0].getEpochSecond() / 60;
		long toMinute = range[1].getEpochSecond() / 60;
		boolean summarize = "true".equalsIgnoreCase(query.first("summarize"));
		boolean raw = "true".equalsIgnoreCase(query.first("raw"));
		long slice = summarize ? toMinute - fromMinute : sliceMinutes(toMinute - fromMinute, query.first("period"));
		// Rotating the key order keeps clients honest: values must be read by name.
		long rotation = metricResponses.getAndIncrement();

		AppModel model = account.model(app.id());
		ObjectNode body = JSON.createObjectNode();
		ObjectNode data = body.putObject("metric_data");
		data.put("from", format(range[0]));
		data.put("to", format(range[1]));
		ArrayNode notFound = data.putArray("metrics_not_found");
		ArrayNode found = data.putArray("metrics_found");
		ArrayNode metrics = data.putArray("metrics");
		for (String name : names) {
			if (!app.reports(name)) {
				notFound.add(name);
				continue;
			}
			found.add(name);
			MetricFamily family = MetricFamily.of(name);
			List<String> valueNames = new ArrayList<>(requestedValues.isEmpty()
					? family.valueNames()
					: family.valueNames().stream().filter(requestedValues::contains).toList());
			if (!valueNames.isEmpty()) {
				java.util.Collections.rotate(valueNames, (int) (rotation % valueNames.size()));
			}
			ObjectNode metric = metrics.addObject();
			metric.put("name", name);
			ArrayNode timeslices = metric.putArray("timeslices");
			for (long start = fromMinute; start < toMinute; start += slice) {
				long end = Math.min(toMinute, start + slice);
				Aggregate aggregate = SyntheticAccount.aggregate(model, hosts, name, start, end);
				ObjectNode timeslice = timeslices.addObject();
				timeslice.put("from", format(Instant.ofEpochSecond(start * 60)));
				timeslice.put("to", format(Instant.ofEpochSecond(end * 60)));
				ObjectNode values = timeslice.putObject("values");
				for (String valueName : valueNames) {
					putValue(values, valueName, aggregate, end - start, app.apdexThreshold(), raw);
				}
			}
		}
		return Answer.ok(body);
	}

	private static void putValue(ObjectNode values, String name, Aggregate a, long minutes, double threshold,
			boolean raw) {
		switch (name) {
			case "call_count" -> values.put(name, a.calls);
			case "s" -> values.put(name, a.satisfied);
			case "t" -> values.put(name, a.tolerating);
			case "f" -> values.put(name, a.frustrated);
			case "count" -> values.put(name, a.apdexCount());
			case "error_count" -> values.put(name, a.errors);
			default -> {
				double value = fraction(name, a, minutes, threshold);
				values.put(name, raw ? value : formatted(value));
			}
		}
	}

	private static double fraction(String name, Aggregate a, long minutes, double threshold) {
		return switch (name) {
			case "average_response_time", "average_call_time" -> a.averageMs();
			case "requests_per_minute" -> (double) a.calls / minutes;
			case "min_response_time" -> a.maxMicros < 0 ? 0 : a.minMicros / 1000.0;
			case "max_response_time" -> a.maxMicros < 0 ? 0 : a.maxMicros / 1000.0;
			case "total_call_time_per_minute" -> a.weightedMicros / 1000.0 / minutes;
			case "score" -> a.apdexScore();
			case "threshold" -> threshold;
			case "errors_per_minute" -> (double) a.errors / minutes;
			default -> throw new IllegalStateException("no rule for value " + name);
		};
	}

	/**
	 * A value as the service formats it without {@code raw=true}: three significant figures, as its documentation's
	 * examples show. Counts stay whole: the examples show them unrounded.
	 */
	static double formatted(double value) {
		if (value == 0 || !Double.isFinite(value)) {
			return value;
		}
		return new BigDecimal(value).round(new MathContext(3)).doubleValue();
	}

	/** The requested range floored to whole minutes; the last 30 minutes by default. */
	private Instant[] range(QueryParameters query) {
		String fromText = query.first("from");
		String toText = query.first("to");
		Instant to = toText == null ? clock.instant() : parseTime("to", toText);
		Instant from = fromText == null ? to.minusSeconds(30 * 60) : parseTime("from", fromText);
		if (!to.isAfter(from)) {
			throw ApiException.invalid("Invalid time range: 'to' must be after 'from'");
		}
		if (to.getEpochSecond() - from.getEpochSecond() < 60) {
			throw ApiException.invalid("Invalid time range: the range must be at least 60 seconds");
		}
		return new Instant[] {floorToMinute(from), floorToMinute(to)};
	}

	private static Instant floorToMinute(Instant instant) {
		return Instant.ofEpochSecond(Math.floorDiv(instant.getEpochSecond(), 60) * 60);
	}

	private static Instant parseTime(String parameter, String text) {
		try {
			return OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
		} catch (DateTimeParseException e) {
			throw ApiException.invalid("Invalid value for '" + parameter + "': " + text
					+ " (ISO 8601 with an offset; send '+' as %2B)");
		}
	}

	static long sliceMinutes(long rangeMinutes, String period) {
		long slice = LONGEST_SLICE;
		for (long[] row : SLICES) {
			if (rangeMinutes <= row[0]) {
				slice = row[1];
				break;
			}
		}
		if (period != null && !period.isBlank()) {
			long seconds;
			try {
				seconds = Long.parseLong(period.strip());
			} catch (NumberFormatException e) {
				throw ApiException.invalid("Invalid value for 'period': " + period);
			}
			if (seconds <= 0) {
				throw ApiException.invalid("Invalid value for 'period': " + period);
			}
			// A period may lengthen the slices, never shorten them below what the range allows.
			slice = Math.max(slice, Math.floorDiv(seconds + 59, 60));
		}
		return slice;
	}

	private static String format(Instant instant) {
		return TIME.format(instant.atOffset(ZoneOffset.UTC));
	}

	// ---- key transactions -----------------------------------------------------------------------

	private Answer keyTransactions(Matcher path, QueryParameters query) {
		String name = query.first("filter[name]");
		List<SyntheticKeyTransaction> matching = account.keyTransactions().stream()
				.filter(kt -> name == null
						|| kt.name().toLowerCase(Locale.ROOT).contains(name.toLowerCase(Locale.ROOT)))
				.sorted(Comparator.comparing(SyntheticKeyTransaction::name))
				.toList();
		return paged("/v2/key_transactions.json", query, matching, "key_transactions", this::keyTransactionJson);
	}

	private Answer keyTransaction(Matcher path, QueryParameters query) {
		long id = parseId(path.group(1));
		SyntheticKeyTransaction kt = account.keyTransactions().stream().filter(k -> k.id() == id).findFirst()
				.orElseThrow(() -> ApiException.notFound("No Key Transaction found with ID " + id));
		ObjectNode body = JSON.createObjectNode();
		body.set("key_transaction", keyTransactionJson(kt));
		body.putObject("links").put("key_transaction.application", "/v2/applications/{application_id}");
		return Answer.ok(body);
	}

	private ObjectNode keyTransactionJson(SyntheticKeyTransaction kt) {
		ObjectNode node = JSON.createObjectNode();
		node.put("id", kt.id());
		node.put("name", kt.name());
		node.put("transaction_name", kt.transactionName());
		node.put("health_status", kt.healthStatus());
		node.put("reporting", kt.reporting());
		SyntheticApplication app = account.application(kt.applicationId()).orElse(null);
		if (kt.reporting() && app != null && app.reporting()) {
			node.put("last_reported_at", lastReportedAt(kt.id()));
			ObjectNode appSummary = summaryJson(app, app.hosts());
			// A key transaction is a slice of its application: slower or faster, and a share of the traffic.
			double u = Hashing.unit(kt.id(), 0, 51, 0);
			ObjectNode summary = node.putObject("application_summary");
			summary.put("response_time", round(appSummary.get("response_time").asDouble() * (0.6 + 0.9 * u), 1));
			summary.put("throughput", round(appSummary.get("throughput").asDouble() * (0.05 + 0.3 * u), 1));
			summary.put("error_rate", appSummary.get("error_rate").asDouble());
			summary.put("apdex_target", app.apdexThreshold());
			summary.put("apdex_score", appSummary.get("apdex_score").asDouble());
		}
		node.putObject("links").put("application", kt.applicationId());
		return node;
	}

	// ---- paging ------------------------------------------------------------------------------------

	private <T> Answer paged(String path, QueryParameters query, List<T> items, String envelope,
							 Function<T, ObjectNode> toJson) {
		int pageSize = options.pageSize();
		int pages = Math.max(1, (items.size() + pageSize - 1) / pageSize);
		int page = page(query.first("page"));
		ObjectNode body = JSON.createObjectNode();
		ArrayNode array = body.putArray(envelope);
		int start = (int) Math.min(items.size(), (long) (page - 1) * pageSize);
		int end = Math.min(items.size(), start + pageSize);
		for (T item : items.subList(start, end)) {
			array.add(toJson.apply(item));
		}
		String link = null;
		if (pages > 1) {
			String prefix = "<" + baseUrl + path + "?page=";
			String rest = query.rawWithoutPage() + ">; rel=\"";
			List<String> parts = new ArrayList<>();
			if (page < pages) {
				parts.add(prefix + (page + 1) + rest + "next\"");
			}
			parts.add(prefix + pages + rest + "last\"");
			if (page > 1) {
				parts.add(prefix + 1 + rest + "first\"");
				parts.add(prefix + Math.min(page - 1, pages) + rest + "prev\"");
			}
			link = String.join(", ", parts);
		}
		return new Answer(200, body, link);
	}

	private static int page(String text) {
		if (text == null || text.isBlank()) {
			return 1;
		}
		try {
			return Math.max(1, Integer.parseInt(text.strip()));
		} catch (NumberFormatException e) {
			throw ApiException.invalid("Invalid value for 'page': " + text);
		}
	}
}
