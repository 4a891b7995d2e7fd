package io.apmreports.staging;

import java.time.YearMonth;

import io.apmreports.history.HistoryOrigin;

/**
 * The SLA figures of one application without service levels over one calendar month of a
 * service-level run; each absent where its inputs were.
 *
 * @param accountId its account
 * @param applicationId its id
 * @param applicationName its name
 * @param team its group (the report's {@code group-by} tag), or {@code null}
 * @param month the month, in the report's zone
 * @param webCalls requests
 * @param apdexScore Apdex score, 0 to 1
 * @param satisfied satisfied share, 0 to 1
 * @param tolerating tolerating share, 0 to 1
 * @param frustrated frustrated share, 0 to 1
 * @param errorRate errors per call, 0 to 1
 * @param origin where the month's figures came from: the kept history of a run, or the
 * source asked now
 */
public record SlaMonthRow(long accountId, long applicationId, String applicationName, String team, YearMonth month,
		Double webCalls, Double apdexScore, Double satisfied, Double tolerating, Double frustrated, Double errorRate,
		HistoryOrigin origin) {
}
