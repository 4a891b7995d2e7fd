package io.apmreports.staging;

import java.time.OffsetDateTime;
import java.time.ZoneId;

/**
 * One row of {@code key-transactions.csv}. Its figures are the service's rolling
 * 10-minute summary at the time of the run, not figures of the report's range.
 *
 * @param keyTransactionId key transaction id
 * @param name key transaction name
 * @param applicationId parent application id
 * @param applicationName parent application name
 * @param transactionName the underlying transaction
 * @param responseTime rolling response time
 * @param throughput rolling throughput
 * @param errorRate rolling error rate
 * @param apdexTarget Apdex target
 * @param apdexScore rolling Apdex score
 * @param takenAt when the summary was read
 */
public record KeyTransactionRow(long keyTransactionId, String name, long applicationId, String applicationName,
		String transactionName, Double responseTime, Double throughput, Double errorRate, Double apdexTarget,
		Double apdexScore, OffsetDateTime takenAt) {

	/** The same row with the time it was read told in {@code zone}. */
	public KeyTransactionRow inZone(ZoneId zone) {
		return new KeyTransactionRow(keyTransactionId, name, applicationId, applicationName, transactionName,
				responseTime, throughput, errorRate, apdexTarget, apdexScore,
				takenAt == null ? null : takenAt.atZoneSameInstant(zone).toOffsetDateTime());
	}

}
