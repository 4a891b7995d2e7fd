package io.apmreports.sandbox;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.function.BiConsumer;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Spoils a metric-data answer the ways real answers have been seen spoiled. Values are
 * spoiled in every timeslice: {@code call_count} where the timeslice has one, else its
 * first value.
 */
final class BadBodies {

	/**
	 * Stands in for NaN until the text is written, because a JSON writer would quote it
	 * or refuse it.
	 */
	private static final String NAN_MARKER = "sandbox-nan-7f3a";

	private BadBodies() {
	}

	static Reply reply(JsonMapper json, BadBody kind, ObjectNode metricData, Map<String, String> headers) {
		return switch (kind) {
			case HTML -> new Reply(200, "text/html; charset=utf-8",
					("<html><head><title>Sign in</title></head>"
							+ "<body><p>Your session has expired. Please sign in again.</p></body></html>\n")
						.getBytes(StandardCharsets.UTF_8),
					headers);
			case TRUNCATED_JSON -> {
				byte[] whole = json.writeValueAsBytes(metricData);
				// The length matches what is sent, so only a JSON parser, not the
				// transport, notices.
				yield new Reply(200, Reply.JSON_TYPE, Arrays.copyOf(whole, whole.length / 2), headers);
			}
			case WRONG_TYPES -> spoiled(json, metricData, headers, (values, name) -> values.put(name, "many"));
			case NAN -> {
				Reply marked = spoiled(json, metricData, headers, (values, name) -> values.put(name, NAN_MARKER));
				String text = new String(marked.body(), StandardCharsets.UTF_8).replace('"' + NAN_MARKER + '"', "NaN");
				yield new Reply(200, Reply.JSON_TYPE, text.getBytes(StandardCharsets.UTF_8), headers);
			}
			case NEGATIVE -> spoiled(json, metricData, headers, (values, name) -> values.put(name, -5));
			case HUGE -> spoiled(json, metricData, headers, (values, name) -> values.put(name, 1e300));
		};
	}

	private static Reply spoiled(JsonMapper json, ObjectNode metricData, Map<String, String> headers,
			BiConsumer<ObjectNode, String> spoil) {
		for (JsonNode metric : metricData.path("metric_data").path("metrics")) {
			for (JsonNode timeslice : metric.path("timeslices")) {
				if (timeslice.path("values") instanceof ObjectNode values && !values.isEmpty()) {
					spoil.accept(values,
							values.has("call_count") ? "call_count" : values.propertyNames().iterator().next());
				}
			}
		}
		return Reply.json(json, 200, metricData, headers);
	}

}
