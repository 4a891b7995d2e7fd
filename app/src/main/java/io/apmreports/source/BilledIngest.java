package io.apmreports.source;

/**
 * The gigabytes one account ingested under one usage metric over a billing month, as the
 * vendor's usage events ({@code NrConsumption}) count them in the account asked.
 *
 * @param consumingAccountId the account the data was sent to
 * @param consumingAccountName its name as the usage events give it
 * @param usageMetric the usage metric ({@code ApmEventsBytes}, {@code LoggingBytes}, ...)
 * @param gigabytes the gigabytes ingested (10^9 bytes)
 */
public record BilledIngest(long consumingAccountId, String consumingAccountName, String usageMetric, double gigabytes) {
}
