package io.apmreports.source;

import java.util.List;

/**
 * Which events a billed usage metric is made of, and the attribute that names their
 * application: what the per-application byte estimate of that metric is measured over.
 * The defaults are the vendor's own ingest-governance queries (APM events and traces by
 * {@code appName}, browser events by {@code appName}, timeslice metrics by application
 * name as the vendor advises); what no rule names (infrastructure, custom events, logs)
 * stays unallocated.
 *
 * @param usageMetric the {@code usageMetric} of {@code NrConsumption} it splits
 * @param eventTypes the event types behind it, as a query's {@code FROM} names them
 * @param facet the attribute that names the application on those events
 */
public record IngestRule(String usageMetric, List<String> eventTypes, String facet) {

	/** The rules every cost report uses. */
	public static final List<IngestRule> DEFAULTS = List.of(new IngestRule("ApmEventsBytes",
			List.of("Transaction", "TransactionError", "TransactionTrace", "SqlTrace", "ErrorTrace"), "appName"),
			new IngestRule("TracingBytes", List.of("Span", "SpanEvent"), "appName"),
			new IngestRule("BrowserEventsBytes",
					List.of("PageAction", "PageView", "PageViewTiming", "AjaxRequest", "JavaScriptError"), "appName"),
			new IngestRule("MetricEventBytes", List.of("Metric"), "appName"));

	public IngestRule {
		eventTypes = List.copyOf(eventTypes);
	}

}
