package io.apmreports.sandbox;

import java.util.List;
import java.util.Set;

/**
 * An application of the synthetic account.
 *
 * @param id application id
 * @param name application name
 * @param language agent language (java, ruby, python, nodejs, go, php, dotnet)
 * @param healthStatus green, orange, red, gray or unknown
 * @param reporting whether the application reported in the last minutes; a non-reporting
 * application has no hosts or instances and all its metrics answer zero
 * @param hosts hosts that reported in about the last hour
 * @param instanceIds instance ids, one per host and in the same order as {@code hosts}
 * @param metricNames the metric names the application reports (what the metric-name
 * listing shows)
 * @param apdexThreshold the application's Apdex threshold T in seconds
 */
public record SyntheticApplication(long id, String name, String language, String healthStatus, boolean reporting,
		List<SyntheticHost> hosts, List<Long> instanceIds, Set<String> metricNames, double apdexThreshold) {

	/** Copies the collections so an account cannot change after construction. */
	public SyntheticApplication {
		hosts = List.copyOf(hosts);
		instanceIds = List.copyOf(instanceIds);
		metricNames = Set.copyOf(metricNames);
	}

	/** Whether the application reports the metric {@code name}. */
	public boolean reports(String metricName) {
		return metricNames.contains(metricName);
	}
}
