package io.apmreports.source;

/**
 * A key transaction (specification 2.2). Its summary is a rolling 10-minute value, not a
 * figure of a range.
 *
 * @param id key transaction id
 * @param name key transaction name
 * @param transactionName the underlying transaction
 * @param applicationId the parent application
 * @param summary the rolling 10-minute summary, or {@code null}
 */
public record KeyTransaction(long id, String name, String transactionName, long applicationId,
		ApplicationSummary summary) {
}
