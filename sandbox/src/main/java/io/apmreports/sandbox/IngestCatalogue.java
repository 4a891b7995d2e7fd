package io.apmreports.sandbox;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The usage metrics the sandbox bills and, for those the vendor's ingest-governance
 * queries split by application, the event types behind them (dg-baselining: APM events,
 * traces, browser events, dimensional metrics), each with its share of the metric's
 * billed bytes, how much {@code bytecountestimate()} over-counts it and how many days the
 * vendor keeps it. The vendor says the estimate "sometimes shows more data than actually
 * is counted" because it counts duplicated common attributes, and gives no ratio: the
 * sandbox's factors (1.05 to 1.15) are its own.
 */
final class IngestCatalogue {

	/**
	 * One event type of a usage metric.
	 *
	 * @param eventType the event type, as {@code FROM} names it
	 * @param share its part of the metric's billed bytes; a metric's shares add up to 1
	 * @param overCount {@code bytecountestimate()} of its events over their billed bytes
	 * @param retentionDays how long the vendor keeps its events (original data)
	 */
	record EventType(String eventType, double share, double overCount, int retentionDays) {
	}

	static final String APM = "ApmEventsBytes";

	static final String TRACING = "TracingBytes";

	static final String BROWSER = "BrowserEventsBytes";

	static final String METRIC = "MetricEventBytes";

	static final String LOGGING = "LoggingBytes";

	static final String INFRA_HOST = "InfraHostBytes";

	static final String INFRA_PROCESS = "InfraProcessBytes";

	static final String CUSTOM = "CustomEventBytes";

	/** APM events, traces and browser events are kept 8 days, raw metrics 30. */
	private static final Map<String, List<EventType>> RULED = Map.of(APM,
			List.of(new EventType("Transaction", 0.62, 1.08, 8), new EventType("TransactionError", 0.08, 1.12, 8),
					new EventType("TransactionTrace", 0.14, 1.06, 8), new EventType("SqlTrace", 0.06, 1.05, 8),
					new EventType("ErrorTrace", 0.10, 1.10, 8)),
			TRACING, List.of(new EventType("Span", 0.85, 1.11, 8), new EventType("SpanEvent", 0.15, 1.14, 8)), BROWSER,
			List.of(new EventType("PageView", 0.30, 1.09, 8), new EventType("PageViewTiming", 0.30, 1.07, 8),
					new EventType("AjaxRequest", 0.25, 1.13, 8), new EventType("PageAction", 0.10, 1.05, 8),
					new EventType("JavaScriptError", 0.05, 1.15, 8)),
			METRIC, List.of(new EventType("Metric", 1.0, 1.10, 30)));

	/** Every usage metric the sandbox bills, in the order rows are made. */
	static final List<String> USAGE_METRICS = List.of(APM, TRACING, BROWSER, METRIC, LOGGING, INFRA_HOST, INFRA_PROCESS,
			CUSTOM);

	private IngestCatalogue() {
	}

	/** The event types of a metric the vendor splits by application; empty for others. */
	static List<EventType> eventTypes(String usageMetric) {
		return RULED.getOrDefault(usageMetric, List.of());
	}

	/** The usage metric and entry of an event type, if the sandbox answers it. */
	static Optional<Map.Entry<String, EventType>> ofEventType(String eventType) {
		for (Map.Entry<String, List<EventType>> metric : RULED.entrySet()) {
			for (EventType type : metric.getValue()) {
				if (type.eventType().equals(eventType)) {
					return Optional.of(Map.entry(metric.getKey(), type));
				}
			}
		}
		return Optional.empty();
	}

	/** The event types the sandbox answers {@code bytecountestimate()} over, sorted. */
	static List<String> eventTypeNames() {
		return RULED.values().stream().flatMap(List::stream).map(EventType::eventType).sorted().toList();
	}

	/**
	 * A metric's bytes cut into its event types' parts, the last taking what rounding
	 * leaves, so the parts add up to the whole exactly.
	 */
	static long[] split(String usageMetric, long bytes) {
		List<EventType> types = eventTypes(usageMetric);
		long[] parts = new long[types.size()];
		long left = bytes;
		for (int i = 0; i < types.size() - 1; i++) {
			parts[i] = (long) Math.floor(bytes * types.get(i).share());
			left -= parts[i];
		}
		parts[types.size() - 1] = left;
		return parts;
	}

}
