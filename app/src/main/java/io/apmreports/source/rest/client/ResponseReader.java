package io.apmreports.source.rest.client;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.apmreports.source.ApplicationSummary;
import io.apmreports.source.KeyTransaction;

/**
 * Reads the service's JSON defensively: by member name (key order varies), ignoring
 * unknown members, and refusing with {@link ApmException.Unreadable} whatever is not the
 * documented shape, so that no wrong number reaches a report.
 */
final class ResponseReader {

	private final JsonMapper mapper = JsonMapper.builder().build();

	JsonNode tree(byte[] body, String request) {
		try {
			JsonNode tree = mapper.readTree(body);
			if (tree == null || !tree.isObject()) {
				throw unreadable(request, "the answer is not a JSON object");
			}
			return tree;
		}
		catch (JacksonException ex) {
			throw unreadable(request, "the answer is not valid JSON");
		}
	}

	/** The error title of an error body, which may be JSON, empty or HTML. */
	String errorTitle(byte[] body) {
		try {
			JsonNode title = mapper.readTree(body).path("error").path("title");
			return title.isString() ? title.stringValue() : null;
		}
		catch (JacksonException | IllegalArgumentException ex) {
			return null;
		}
	}

	<T> List<T> list(JsonNode tree, String member, String request, Function<JsonNode, T> reader) {
		JsonNode array = tree.path(member);
		if (!array.isArray()) {
			throw unreadable(request, "the answer has no '" + member + "' array");
		}
		List<T> items = new ArrayList<>(array.size());
		for (JsonNode item : array) {
			try {
				items.add(reader.apply(item));
			}
			catch (IllegalArgumentException | DateTimeParseException ex) {
				throw unreadable(request, "a record of '" + member + "' is malformed: " + ex.getMessage());
			}
		}
		return items;
	}

	/**
	 * One application, under {@code application} (the real service) or an
	 * {@code applications} array (the spec).
	 */
	Application singleApplication(JsonNode tree, String request) {
		if (tree.path("application").isObject()) {
			return read(request, "application", () -> application(tree.get("application")));
		}
		List<Application> applications = list(tree, "applications", request, this::application);
		if (applications.size() != 1) {
			throw unreadable(request, "expected one application, got " + applications.size());
		}
		return applications.get(0);
	}

	KeyTransaction singleKeyTransaction(JsonNode tree, String request) {
		if (!tree.path("key_transaction").isObject()) {
			throw unreadable(request, "the answer has no 'key_transaction' object");
		}
		return read(request, "key_transaction", () -> keyTransaction(tree.get("key_transaction")));
	}

	Application application(JsonNode node) {
		JsonNode links = node.path("links");
		return new Application(id(node), text(node, "name", true), text(node, "language", false),
				text(node, "health_status", false), node.path("reporting").asBoolean(false),
				time(node, "last_reported_at"), summary(node.path("application_summary")),
				ids(links.path("application_hosts")), ids(links.path("application_instances")));
	}

	ApplicationHost host(JsonNode node) {
		return new ApplicationHost(id(node), text(node, "application_name", false), text(node, "host", false),
				text(node, "language", false), text(node, "health_status", false));
	}

	KeyTransaction keyTransaction(JsonNode node) {
		JsonNode application = node.path("links").path("application");
		if (!application.isIntegralNumber()) {
			throw new IllegalArgumentException("links.application is not an id");
		}
		return new KeyTransaction(id(node), text(node, "name", true), text(node, "transaction_name", false),
				application.asLong(), summary(node.path("application_summary")));
	}

	String metricName(JsonNode node) {
		return text(node, "name", true);
	}

	MetricData metricData(JsonNode tree, String request) {
		JsonNode data = tree.path("metric_data");
		if (!data.isObject()) {
			throw unreadable(request, "the answer has no 'metric_data' object");
		}
		return read(request, "metric_data", () -> {
			Set<String> notFound = new LinkedHashSet<>();
			data.path("metrics_not_found").forEach(name -> notFound.add(name.asString()));
			Map<String, List<MetricData.Timeslice>> metrics = new LinkedHashMap<>();
			for (JsonNode metric : list(data, "metrics", request, node -> node)) {
				metrics.put(text(metric, "name", true), list(metric, "timeslices", request, this::timeslice));
			}
			return new MetricData(time(data, "from"), time(data, "to"), notFound, metrics);
		});
	}

	private MetricData.Timeslice timeslice(JsonNode node) {
		JsonNode values = node.path("values");
		if (!values.isObject()) {
			throw new IllegalArgumentException("a timeslice has no values object");
		}
		Map<String, Double> numbers = new HashMap<>();
		for (Map.Entry<String, JsonNode> value : values.properties()) {
			numbers.put(value.getKey(), measurement(value.getKey(), value.getValue()));
		}
		return new MetricData.Timeslice(time(node, "from"), time(node, "to"), numbers);
	}

	/**
	 * Far beyond any real time in ms, count or rate: a value this large is a broken
	 * answer, not a slow week.
	 */
	static final double ABSURD = 1e15;

	// Every value of the documented families is a time, a count, a rate or a score:
	// finite and never negative.
	private static double measurement(String name, JsonNode value) {
		if (!value.isNumber()) {
			throw new IllegalArgumentException("value " + name + " is not a number");
		}
		double number = value.doubleValue();
		if (!Double.isFinite(number) || number < 0 || number > ABSURD) {
			throw new IllegalArgumentException("value " + name + " is " + number);
		}
		return number;
	}

	private static ApplicationSummary summary(JsonNode node) {
		if (!node.isObject()) {
			return null;
		}
		return new ApplicationSummary(number(node, "response_time"), number(node, "throughput"),
				number(node, "error_rate"), number(node, "apdex_target"), number(node, "apdex_score"),
				count(node, "host_count"), count(node, "instance_count"));
	}

	private static long id(JsonNode node) {
		JsonNode id = node.path("id");
		if (!id.isIntegralNumber() || id.asLong() < 0) {
			throw new IllegalArgumentException("id is not a non-negative integer");
		}
		return id.asLong();
	}

	private static String text(JsonNode node, String member, boolean required) {
		JsonNode value = node.path(member);
		if (value.isString()) {
			return value.stringValue();
		}
		if (required || !(value.isMissingNode() || value.isNull())) {
			throw new IllegalArgumentException(member + " is not a string");
		}
		return null;
	}

	private static OffsetDateTime time(JsonNode node, String member) {
		String text = text(node, member, false);
		return text == null ? null : OffsetDateTime.parse(text);
	}

	private static Double number(JsonNode node, String member) {
		JsonNode value = node.path(member);
		return value.isNumber() && Double.isFinite(value.doubleValue()) ? value.doubleValue() : null;
	}

	private static Integer count(JsonNode node, String member) {
		JsonNode value = node.path(member);
		return value.isIntegralNumber() && value.asLong() >= 0 && value.asLong() <= Integer.MAX_VALUE ? value.asInt()
				: null;
	}

	private static List<Long> ids(JsonNode array) {
		List<Long> ids = new ArrayList<>();
		if (array.isArray()) {
			for (JsonNode id : array) {
				if (id.isIntegralNumber()) {
					ids.add(id.asLong());
				}
			}
		}
		return ids;
	}

	private static <T> T read(String request, String member, Supplier<T> reader) {
		try {
			return reader.get();
		}
		catch (IllegalArgumentException | DateTimeParseException ex) {
			throw unreadable(request, "'" + member + "' is malformed: " + ex.getMessage());
		}
	}

	static ApmException.Unreadable unreadable(String request, String why) {
		return new ApmException.Unreadable(request + ": unreadable answer, " + why);
	}

}
