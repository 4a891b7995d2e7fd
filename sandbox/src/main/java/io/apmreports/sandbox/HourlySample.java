package io.apmreports.sandbox;

/**
 * The raw data of one metric on one host for one hour. Every minute of the hour carries
 * exactly these values, so sums over any minute-aligned range are closed-form.
 *
 * @param callsPerMinute calls in each minute (for {@code Apdex}: satisfied + tolerating +
 * frustrated)
 * @param averageTimeMs average time of those calls in milliseconds (three decimals; 0 for
 * Apdex and Errors)
 * @param satisfied Apdex satisfied count per minute (0 for other metrics)
 * @param tolerating Apdex tolerating count per minute (0 for other metrics)
 * @param frustrated Apdex frustrated count per minute (0 for other metrics)
 * @param apdexThreshold the application's Apdex threshold T in seconds (0 for other
 * metrics)
 * @param errorsPerMinute errors in each minute (only for {@code Errors/all})
 */
public record HourlySample(long callsPerMinute, double averageTimeMs, long satisfied, long tolerating, long frustrated,
		double apdexThreshold, long errorsPerMinute) {
}
