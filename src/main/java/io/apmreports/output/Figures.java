package io.apmreports.output;

/**
 * The breakdown figures of an application or host over the range; {@code null} is absent (an empty cell).
 *
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
 */
public record Figures(Double throughputRpm, Double nonWebThroughputRpm, Double responseTimeMs,
		Double requestQueuingMs, Double webTransactionTimeMs, Double applicationTimeMs, Double datastoreMs,
		Double databaseMs, Double rubyDatabaseMs, Double externalMs, Double cacheMs) {
}
