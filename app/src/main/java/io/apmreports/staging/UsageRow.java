package io.apmreports.staging;

/**
 * One row of {@code usage.csv}, for finance: what an application served and on how much.
 *
 * @param applicationId application id
 * @param applicationName application name
 * @param language agent language
 * @param callVolume web and non-web calls in the range
 * @param throughputRpm web and non-web calls per minute over the range
 * @param hostCount hosts that reported in about the last hour
 * @param instanceCount instances that reported in about the last hour
 * @param shareOfCalls this application's share of the account's calls in the range
 * @param status {@code ok}, {@code no_data} or {@code failed}
 */
public record UsageRow(long applicationId, String applicationName, String language, Double callVolume,
		Double throughputRpm, Integer hostCount, Integer instanceCount, Double shareOfCalls, String status) {
}
