package io.apmreports.output;

import java.time.OffsetDateTime;

/**
 * One row of {@code summary.csv}: an application's identity and its figures over the range. A {@code null} figure is
 * absent and is written as an empty cell.
 *
 * @param applicationId application id
 * @param applicationName application name
 * @param language agent language
 * @param healthStatus health colour at run time
 * @param reporting whether it was reporting at run time
 * @param hostCount hosts that reported in about the last hour
 * @param instanceCount instances that reported in about the last hour
 * @param rangeFrom range start
 * @param rangeTo range end
 * @param throughputRpm web throughput
 * @param nonWebThroughputRpm non-web throughput
 * @param responseTimeMs response time with request queuing
 * @param requestQueuingMs request queuing
 * @param webTransactionTimeMs web transaction total time
 * @param applicationTimeMs application total time
 * @param datastoreMs datastore time
 * @param databaseMs database time
 * @param rubyDatabaseMs Ruby database time
 * @param externalMs web external time
 * @param cacheMs cache time
 * @param status {@code ok}, {@code no_data} or {@code failed}
 * @param statusDetail why, for anything but ok
 */
public record SummaryRow(long applicationId, String applicationName, String language, String healthStatus,
		Boolean reporting, Integer hostCount, Integer instanceCount, OffsetDateTime rangeFrom,
		OffsetDateTime rangeTo, Double throughputRpm, Double nonWebThroughputRpm, Double responseTimeMs,
		Double requestQueuingMs, Double webTransactionTimeMs, Double applicationTimeMs, Double datastoreMs,
		Double databaseMs, Double rubyDatabaseMs, Double externalMs, Double cacheMs, String status,
		String statusDetail) {
}
