package io.apmreports.sandbox;

/**
 * A key transaction of the synthetic account.
 *
 * @param id key transaction id
 * @param name display name
 * @param transactionName the underlying transaction's metric name
 * @param applicationId the parent application
 * @param healthStatus colour word: green, orange, red, gray or unknown
 * @param reporting whether the key transaction is reporting
 */
public record SyntheticKeyTransaction(long id, String name, String transactionName, long applicationId,
		String healthStatus, boolean reporting) {
}
