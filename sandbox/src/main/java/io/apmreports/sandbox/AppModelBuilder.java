package io.apmreports.sandbox;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects one application's profile; the Apdex, Errors and roll-up metrics are added by
 * {@link #build()}.
 */
final class AppModelBuilder {

	private final long id;

	private final String name;

	private final String language;

	private final String health;

	private final double apdexThreshold;

	private final Map<String, MetricSpec> specs = new LinkedHashMap<>();

	private final List<SyntheticHost> hosts = new ArrayList<>();

	private final List<Long> instances = new ArrayList<>();

	private final Map<String, List<String>> tags = new LinkedHashMap<>();

	private boolean reporting = true;

	private Instant retiredAt;

	private double webRpm;

	private double otherRpm;

	private long webMicros;

	private long otherMicros;

	private long queueMicros;

	private double webTotalRatio = 1.05;

	private double satisfiedShare = 0.9;

	private double errorRate = 0.005;

	AppModelBuilder(long id, String name, String language, String health, double apdexThreshold) {
		this.id = id;
		this.name = name;
		this.language = language;
		this.health = health;
		this.apdexThreshold = apdexThreshold;
	}

	AppModelBuilder hosts(int count, String prefix) {
		for (int h = 1; h <= count; h++) {
			hosts.add(new SyntheticHost(id * 100 + h, String.format("%s-%02d.prod.example.internal", prefix, h)));
			instances.add(id * 100 + 50 + h);
		}
		return this;
	}

	AppModelBuilder tag(String key, String... values) {
		tags.put(key, List.of(values));
		return this;
	}

	AppModelBuilder notReporting() {
		reporting = false;
		return this;
	}

	/** Reporting until {@code when}, on the hour, and not since. */
	AppModelBuilder retiredAt(Instant when) {
		reporting = false;
		retiredAt = when;
		return this;
	}

	AppModelBuilder web(double requestsPerMinutePerHost, double averageMs) {
		webRpm = requestsPerMinutePerHost;
		webMicros = Math.round(averageMs * 1000);
		specs.put("HttpDispatcher", MetricSpec.of(MetricSpec.Kind.DISPATCHER));
		return this;
	}

	AppModelBuilder wtt(double ratio) {
		webTotalRatio = ratio;
		specs.put("WebTransactionTotalTime", MetricSpec.of(MetricSpec.Kind.WEB_TOTAL));
		return this;
	}

	AppModelBuilder queue(double averageMs) {
		queueMicros = Math.round(averageMs * 1000);
		specs.put("WebFrontend/QueueTime", MetricSpec.of(MetricSpec.Kind.QUEUE));
		return this;
	}

	AppModelBuilder zeroQueue() {
		specs.put("WebFrontend/QueueTime", MetricSpec.of(MetricSpec.Kind.QUEUE_ZERO));
		return this;
	}

	AppModelBuilder other(double transactionsPerMinutePerHost, double averageMs) {
		otherRpm = transactionsPerMinutePerHost;
		otherMicros = Math.round(averageMs * 1000);
		specs.put("OtherTransaction/all", MetricSpec.of(MetricSpec.Kind.OTHER_TRANSACTION));
		return this;
	}

	AppModelBuilder component(String metric, int callsPerRequest, double shareOfDispatcherTime) {
		specs.put(metric, MetricSpec.component(callsPerRequest, shareOfDispatcherTime));
		return this;
	}

	AppModelBuilder quality(double satisfied, double errors) {
		satisfiedShare = satisfied;
		errorRate = errors;
		return this;
	}

	/**
	 * The declared metrics plus Apdex, Errors/all and the "all" roll-ups agents report
	 * alongside.
	 */
	Map<String, MetricSpec> completedSpecs() {
		double shares = specs.values()
			.stream()
			.filter(s -> s.kind() == MetricSpec.Kind.COMPONENT)
			.mapToDouble(MetricSpec::timeFraction)
			.sum();
		if (shares >= 1) {
			throw new IllegalStateException(name + ": components exceed HttpDispatcher time");
		}
		Map<String, MetricSpec> all = new LinkedHashMap<>(specs);
		List<String> datastoreWeb = new ArrayList<>();
		List<String> datastoreAll = new ArrayList<>();
		for (String metric : specs.keySet()) {
			if (metric.startsWith("Datastore/") && metric.endsWith("/allWeb")) {
				String allName = metric.substring(0, metric.length() - "allWeb".length()) + "all";
				all.put(allName, MetricSpec.allOf(metric));
				datastoreWeb.add(metric);
				datastoreAll.add(allName);
			}
		}
		if (!datastoreWeb.isEmpty()) {
			all.put("Datastore/allWeb", MetricSpec.rollup(datastoreWeb));
			all.put("Datastore/all", MetricSpec.rollup(datastoreAll));
		}
		if (specs.containsKey("External/allWeb")) {
			all.put("External/all", MetricSpec.allOf("External/allWeb"));
		}
		all.put("Apdex", MetricSpec.of(MetricSpec.Kind.APDEX));
		all.put("Errors/all", MetricSpec.of(MetricSpec.Kind.ERRORS));
		return all;
	}

	AppModel build() {
		Map<String, MetricSpec> all = completedSpecs();
		// a retired application keeps the hosts it reported from; one that never reported
		// has none
		boolean hadHosts = reporting || retiredAt != null;
		SyntheticApplication app = new SyntheticApplication(id, name, language, health, reporting,
				hadHosts ? hosts : List.of(), hadHosts ? instances : List.of(), all.keySet(), apdexThreshold, tags,
				retiredAt);
		return new AppModel(app, Map.copyOf(all), webRpm, otherRpm, webMicros, otherMicros, queueMicros, webTotalRatio,
				satisfiedShare, errorRate);
	}

}
