package io.apmreports.sandbox;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * An application of the synthetic account.
 *
 * @param id application id
 * @param name application name
 * @param language agent language (java, ruby, python, nodejs, go, php, dotnet)
 * @param healthStatus green, orange, red, gray or unknown
 * @param reporting whether the application reported in the last minutes; a non-reporting
 * application lists no hosts or instances, and its metrics answer zero
 * @param hosts hosts that reported in about the last hour, or, for an application retired
 * since, those it had until then
 * @param retiredAt when a retired application stopped reporting: its metrics answer until
 * then, and zero since; {@code null} for one that reports, or never did
 * @param instanceIds instance ids, one per host and in the same order as {@code hosts}
 * @param metricNames the metric names the application reports (what the metric-name
 * listing shows)
 * @param apdexThreshold the application's Apdex threshold T in seconds
 * @param tags the entity's tags, each key with one or more values, as entity search shows
 * them
 */
public record SyntheticApplication(long id, String name, String language, String healthStatus, boolean reporting,
		List<SyntheticHost> hosts, List<Long> instanceIds, Set<String> metricNames, double apdexThreshold,
		Map<String, List<String>> tags, Instant retiredAt) {

	/** Copies the collections so an account cannot change after construction. */
	public SyntheticApplication {
		hosts = List.copyOf(hosts);
		instanceIds = List.copyOf(instanceIds);
		metricNames = Set.copyOf(metricNames);
		tags = tags == null ? Map.of() : Map.copyOf(tags);
	}

	/** An application that was never retired. */
	public SyntheticApplication(long id, String name, String language, String healthStatus, boolean reporting,
			List<SyntheticHost> hosts, List<Long> instanceIds, Set<String> metricNames, double apdexThreshold,
			Map<String, List<String>> tags) {
		this(id, name, language, healthStatus, reporting, hosts, instanceIds, metricNames, apdexThreshold, tags, null);
	}

	/** An application without tags. */
	public SyntheticApplication(long id, String name, String language, String healthStatus, boolean reporting,
			List<SyntheticHost> hosts, List<Long> instanceIds, Set<String> metricNames, double apdexThreshold) {
		this(id, name, language, healthStatus, reporting, hosts, instanceIds, metricNames, apdexThreshold, Map.of());
	}

	/**
	 * Whether a tag of this key carries this value; both compared without regard to case,
	 * as entity search does unless asked otherwise.
	 */
	public boolean hasTag(String key, String value) {
		return tags.entrySet()
			.stream()
			.anyMatch(tag -> tag.getKey().equalsIgnoreCase(key) && tag.getValue()
				.stream()
				.anyMatch(v -> v.toLowerCase(Locale.ROOT).equals(value.toLowerCase(Locale.ROOT))));
	}

	/**
	 * The hosts the REST face lists now: none once the application stopped reporting, as
	 * the service drops hosts that no longer report.
	 */
	public List<SyntheticHost> currentHosts() {
		return reporting ? hosts : List.of();
	}

	/**
	 * The instance ids the REST face lists now, in the order of {@link #currentHosts}.
	 */
	public List<Long> currentInstanceIds() {
		return reporting ? instanceIds : List.of();
	}

	/**
	 * Whether the application reported during the hour that starts at epoch hour
	 * {@code hour}.
	 */
	boolean reportedIn(long hour) {
		return reporting || retiredAt != null && hour < retiredAt.getEpochSecond() / 3600;
	}

	/** Whether the application reports the metric {@code name}. */
	public boolean reports(String metricName) {
		return metricNames.contains(metricName);
	}
}
