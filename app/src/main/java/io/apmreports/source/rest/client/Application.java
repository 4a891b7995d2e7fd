package io.apmreports.source.rest.client;

import java.time.OffsetDateTime;
import java.util.List;

import io.apmreports.source.ApplicationSummary;

/**
 * An application as the service describes it (specification 2.1).
 *
 * @param id application id
 * @param name application name
 * @param language agent language
 * @param healthStatus a colour word: green, orange, red, gray, or unknown
 * @param reporting whether it reported in about the last 10 minutes
 * @param lastReportedAt when it last reported, or {@code null}
 * @param summary the rolling 3 to 4 minute summary, or {@code null}
 * @param hostIds hosts that reported in about the last hour
 * @param instanceIds instances that reported in about the last hour
 */
public record Application(long id, String name, String language, String healthStatus, boolean reporting,
		OffsetDateTime lastReportedAt, ApplicationSummary summary, List<Long> hostIds, List<Long> instanceIds) {

	public Application {
		hostIds = List.copyOf(hostIds);
		instanceIds = List.copyOf(instanceIds);
	}

	/**
	 * The host count of the summary where the service gives one, otherwise the hosts
	 * listed in the links.
	 */
	public int hostCount() {
		return summary != null && summary.hostCount() != null ? summary.hostCount() : hostIds.size();
	}

	/**
	 * The instance count of the summary where the service gives one, otherwise the
	 * instances in the links.
	 */
	public int instanceCount() {
		return summary != null && summary.instanceCount() != null ? summary.instanceCount() : instanceIds.size();
	}

}
