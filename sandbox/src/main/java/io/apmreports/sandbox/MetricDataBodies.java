package io.apmreports.sandbox;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code metric_data} body of an application or of one of its hosts: a series of
 * timeslices per metric.
 */
final class MetricDataBodies {

	private static final JsonMapper JSON = Answer.JSON;

	private final SyntheticAccount account;

	private final Clock clock;

	private final AtomicLong responses = new AtomicLong();

	MetricDataBodies(SyntheticAccount account, Clock clock) {
		this.account = account;
		this.clock = clock;
	}

	/** The requested metrics of {@code app} summed over {@code hosts}. */
	Answer answer(SyntheticApplication app, List<SyntheticHost> hosts, QueryParameters query) {
		List<String> names = List.copyOf(new LinkedHashSet<>(query.all("names[]", "names")));
		if (names.isEmpty()) {
			throw ApiException.invalid("The parameter names[] is required");
		}
		Set<String> requestedValues = new LinkedHashSet<>(query.all("values[]", "values"));
		Instant[] range = ApiTimes.range(query, clock);
		long fromMinute = range[0].getEpochSecond() / 60;
		long toMinute = range[1].getEpochSecond() / 60;
		boolean summarize = "true".equalsIgnoreCase(query.first("summarize"));
		boolean raw = "true".equalsIgnoreCase(query.first("raw"));
		long slice = summarize ? toMinute - fromMinute
				: ApiTimes.sliceMinutes(toMinute - fromMinute, query.first("period"));
		// Rotating the key order keeps clients honest: values must be read by name.
		long rotation = responses.getAndIncrement();

		AppModel model = account.model(app.id());
		ObjectNode body = JSON.createObjectNode();
		ObjectNode data = body.putObject("metric_data");
		data.put("from", ApiTimes.format(range[0]));
		data.put("to", ApiTimes.format(range[1]));
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
			List<String> valueNames = new ArrayList<>(requestedValues.isEmpty() ? family.valueNames()
					: family.valueNames().stream().filter(requestedValues::contains).toList());
			if (!valueNames.isEmpty()) {
				Collections.rotate(valueNames, (int) (rotation % valueNames.size()));
			}
			ObjectNode metric = metrics.addObject();
			metric.put("name", name);
			ArrayNode timeslices = metric.putArray("timeslices");
			for (long start = fromMinute; start < toMinute; start += slice) {
				long end = Math.min(toMinute, start + slice);
				Aggregate aggregate = SyntheticAccount.aggregate(model, hosts, name, start, end);
				ObjectNode timeslice = timeslices.addObject();
				timeslice.put("from", ApiTimes.format(Instant.ofEpochSecond(start * 60)));
				timeslice.put("to", ApiTimes.format(Instant.ofEpochSecond(end * 60)));
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
	 * A value as the service formats it without {@code raw=true}: three significant
	 * figures, as its documentation's examples show. Counts stay whole: the examples show
	 * them unrounded.
	 */
	static double formatted(double value) {
		if (value == 0 || !Double.isFinite(value)) {
			return value;
		}
		return new BigDecimal(value).round(new MathContext(3)).doubleValue();
	}

}
