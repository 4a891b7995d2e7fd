package io.apmreports.staging;

import java.time.OffsetDateTime;

/**
 * One timeslice of an application's series over the range, a row of {@code trend.csv}.
 *
 * @param applicationId application id
 * @param applicationName application name, shown beside the id in the workbook
 * @param from slice start
 * @param to slice end
 * @param responseTimeMs response time with request queuing in the slice
 * @param throughputRpm web throughput in the slice
 */
public record TrendPoint(long applicationId, String applicationName, OffsetDateTime from, OffsetDateTime to,
		Double responseTimeMs, Double throughputRpm) {
}
