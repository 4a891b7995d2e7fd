package io.apmreports.source;

import java.time.OffsetDateTime;

/**
 * One timeslice of an application's series; a slice number of -1 marks an application
 * whose series was empty: the service had no data for it. A series that could not be
 * fetched is never one: it fails with a {@link PartNotFetched}.
 *
 * @param applicationId application id
 * @param slice the slice's position in the series
 * @param from slice start
 * @param to slice end
 * @param responseTimeMs response time with request queuing in the slice
 * @param throughputRpm web throughput in the slice
 */
public record TrendSlice(long applicationId, int slice, OffsetDateTime from, OffsetDateTime to, Double responseTimeMs,
		Double throughputRpm) {

	/** The mark of an application that has no data in its series. */
	public static TrendSlice none(long applicationId) {
		return new TrendSlice(applicationId, -1, null, null, null, null);
	}

}
