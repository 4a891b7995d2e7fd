package io.apmreports.source.nrql;

import java.time.Instant;

import io.apmreports.range.SeriesSlices;
import io.apmreports.range.TimeRange;

/**
 * A range in the whole minutes the service floors it to, and the slices a series over it
 * has ({@link SeriesSlices}, REST's table), for asking a {@code TIMESERIES} and sizing
 * its answer.
 */
final class SliceLengths {

	private SliceLengths() {
	}

	/** The range's whole minutes, as the service floors both ends. */
	static long rangeMinutes(TimeRange range) {
		return minute(range.to().toInstant()) - minute(range.from().toInstant());
	}

	/** The slices a series over the range has: the last may be shorter. */
	static long buckets(TimeRange range) {
		long minutes = rangeMinutes(range);
		long slice = SeriesSlices.minutes(minutes);
		return (minutes + slice - 1) / slice;
	}

	static long minute(Instant instant) {
		return Math.floorDiv(instant.getEpochSecond(), 60);
	}

}
