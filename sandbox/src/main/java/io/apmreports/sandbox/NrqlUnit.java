package io.apmreports.sandbox;

import java.util.List;

/**
 * The smallest piece of data a query groups: one metric of one application on one host
 * (host null for an application without hosts, whose metrics answer zeros).
 *
 * @param model the application
 * @param metric the metric's name
 * @param host the host, or null
 * @param instanceId the instance on that host, or 0
 * @param keyTransaction the key transaction whose metric this is, or null for the
 * application's own metrics
 */
record NrqlUnit(AppModel model, String metric, SyntheticHost host, long instanceId,
		SyntheticKeyTransaction keyTransaction) {

	SyntheticApplication app() {
		return model.app;
	}

	MetricFamily family() {
		return MetricFamily.of(metric);
	}

	/**
	 * The value of an attribute; numbers (appId) as the Long a row shows, the rest as
	 * text.
	 */
	Object attribute(String name) {
		return switch (name) {
			case "appId" -> model.app.id();
			case "appName" -> model.app.name();
			case "metricTimesliceName" -> metric;
			case "host" -> host == null ? null : host.hostName();
			case "instanceName" -> instanceName();
			case "realAgentId" -> realAgentId();
			default -> throw new IllegalArgumentException("no attribute " + name);
		};
	}

	/** The attribute as conditions compare it: text. */
	String text(String name) {
		Object value = attribute(name);
		return value == null ? null : value.toString();
	}

	/**
	 * {@code host:port}, set only by Java agents, as the vendor documents the attribute
	 * ("For Java APM agents, {@code host : port}"); null for every other language, so
	 * counting it undercounts their instances.
	 */
	String instanceName() {
		boolean java = model.app.language().equalsIgnoreCase("java");
		return host == null || !java ? null : host.hostName() + ":8080";
	}

	/**
	 * The agent instance, which every agent sets: the instance id the REST face lists for
	 * this host (one instance a host), so that counting it over the last hour gives
	 * REST's instance count.
	 */
	Long realAgentId() {
		return host == null ? null : instanceId;
	}

	/** Sums over the minutes [fromMinute, toMinute), as the REST face sums. */
	Aggregate aggregate(long fromMinute, long toMinute) {
		if (keyTransaction != null) {
			return NrqlKeyTransactionMetrics.aggregate(this, fromMinute, toMinute);
		}
		return SyntheticAccount.aggregate(model, host == null ? List.of() : List.of(host), metric, fromMinute,
				toMinute);
	}

}
