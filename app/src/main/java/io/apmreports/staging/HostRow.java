package io.apmreports.staging;

import io.apmreports.formula.Figures;

/**
 * One row of {@code hosts.csv}: a host of an application and its figures, from the
 * host-level metric data.
 *
 * @param applicationId application id
 * @param applicationName application name
 * @param hostId host id, or {@code null} for an application whose hosts could not be
 * listed
 * @param hostName host name
 * @param figures the host's breakdown
 * @param status {@code ok}, {@code no_data} or {@code failed}
 * @param statusDetail why, for anything but ok
 */
public record HostRow(long applicationId, String applicationName, Long hostId, String hostName, Figures figures,
		String status, String statusDetail) {
}
