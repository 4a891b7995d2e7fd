package io.apmreports.source.nrql;

import java.time.Instant;

import io.apmreports.range.SeriesSlices;
import io.apmreports.range.TimeRange;

/**
 * A range in the whole minutes the service floors it to, from which a {@code TIMESERIES}
 * asks REST's slice for the range ({@link SeriesSlices}).
 */
final class SliceLengths {

	private SliceLengths() {
	}

	/** The range's whole minutes, as the service floors both ends. */
	static long rangeMinutes(TimeRange range) {
		return minute(range.to().toInstant()) - minute(range.from().toInstant());
	}

	static long minute(Instant instant) {
		return Math.floorDiv(instant.getEpochSecond(), 60);
	}

}
