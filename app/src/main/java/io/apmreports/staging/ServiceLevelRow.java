package io.apmreports.staging;

import java.time.OffsetDateTime;

/**
 * One service level of a service-level run, with the application it belongs to.
 *
 * @param accountId the account it belongs to
 * @param guid its guid
 * @param name its name
 * @param applicationId the application it is about
 * @param applicationName that application's name
 * @param team the application's group (the report's {@code group-by} tag), or
 * {@code null}
 * @param createdAt when it was created
 * @param targetPct its objective's target in percent, or {@code null} without one
 * @param windowDays its objective's rolling window in days, or {@code null}
 */
public record ServiceLevelRow(long accountId, String guid, String name, long applicationId, String applicationName,
		String team, OffsetDateTime createdAt, Double targetPct, Integer windowDays) {
}
