package io.apmreports.source.nrql;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.apmreports.source.RangeHosts;

/**
 * How many hosts and instances of some applications sent data in a window: one
 * {@code uniqueCount} query over their metrics, faceted by application. The listing asks
 * it of the last hour, as REST's host lists cover; the usage report of its range.
 * Instances are agents, counted by {@code realAgentId}, which every agent sets:
 * {@code instanceName} is set by Java agents only, and would count no instance of the
 * others.
 */
final class HostCounts {

	private HostCounts() {
	}

	/**
	 * The counts of each application that sent data in the window; one that sent nothing
	 * has no entry.
	 * @throws NerdGraphException.Rejected when the answer cannot be read
	 */
	static Map<Long, RangeHosts> of(NerdGraphClient client, List<Long> applicationIds, String window) {
		String nrql = Nrql.query("uniqueCount(host) AS hosts, uniqueCount(realAgentId) AS instances",
				List.of(Nrql.applications(applicationIds)), List.of(Nrql.APP_ID), window, Nrql.LIMIT_MAX);
		Map<Long, RangeHosts> counts = new HashMap<>();
		try {
			for (Map<String, Object> answered : client.nrql(nrql)) {
				FacetRow row = FacetRow.read(answered, List.of(Nrql.APP_ID));
				counts.put(row.applicationId(), new RangeHosts(row.applicationId(), count(row.number("hosts")),
						count(row.number("instances"))));
			}
		}
		catch (IllegalArgumentException ex) {
			throw new NerdGraphException.Rejected("host counts: unreadable answer, " + ex.getMessage());
		}
		return counts;
	}

	private static int count(Double value) {
		return value == null ? 0 : (int) Math.min(Integer.MAX_VALUE, Math.round(value));
	}

}
