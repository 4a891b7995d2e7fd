package io.apmreports.staging;

/**
 * One row of {@code usage.csv}, for finance: what an application served and on how much.
 *
 * @param accountId the account the application belongs to, or {@code null} for a run
 * staged before runs kept it
 * @param group the value of the report's grouping tag, or {@code null} where the report
 * has no groups or the application lacks the tag
 * @param applicationId application id
 * @param applicationName application name
 * @param language agent language
 * @param callVolume web and non-web calls in the range
 * @param throughputRpm web and non-web calls per minute over the range
 * @param hostCount hosts, counted over {@code hostsCountedOver}
 * @param instanceCount instances, counted over {@code hostsCountedOver}
 * @param hostsCountedOver {@code range} where the source told the hosts that reported
 * during the range (NRQL), {@code last hour} where it knows only those reporting at run
 * time (REST v2)
 * @param shareOfCalls this application's share of the account's calls in the range
 * @param status {@code ok}, {@code no_data} or {@code failed}
 */
public record UsageRow(Long accountId, String group, long applicationId, String applicationName, String language,
		Double callVolume, Double throughputRpm, Integer hostCount, Integer instanceCount, String hostsCountedOver,
		Double shareOfCalls, String status) {

	/** What {@link #hostsCountedOver} says of counts over the range. */
	static final String RANGE = "range";

	/** What {@link #hostsCountedOver} says of counts of the last hour before the run. */
	static final String LAST_HOUR = "last hour";

}
