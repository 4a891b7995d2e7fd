package io.apmreports.nrql;

import java.time.Instant;

import io.apmreports.range.TimeRange;

/**
 * The length of a series' slices by the length of its range, as REST v2 chooses it, so
 * that a {@code TIMESERIES} answers the same slices as a REST series over the same range.
 */
final class SliceLengths {

	/** {longest range, slice} in minutes, the service's table. */
	private static final long[][] SLICES = { { 3 * 60, 1 }, { 6 * 60, 2 }, { 14 * 60, 5 }, { 24 * 60, 10 },
			{ 4 * 1440, 30 }, { 7 * 1440, 60 }, { 21 * 1440, 180 }, { 42 * 1440, 360 }, { 63 * 1440, 720 } };

	/** The slice of ranges longer than the table's. */
	private static final long LONGEST_SLICE = 3 * 1440;

	private SliceLengths() {
	}

	/** The slice length in minutes for a range of {@code rangeMinutes}. */
	static long minutes(long rangeMinutes) {
		for (long[] row : SLICES) {
			if (rangeMinutes <= row[0]) {
				return row[1];
			}
		}
		return LONGEST_SLICE;
	}

	/** The range's whole minutes, as the service floors both ends. */
	static long rangeMinutes(TimeRange range) {
		return minute(range.to().toInstant()) - minute(range.from().toInstant());
	}

	/** The slices a series over the range has: the last may be shorter. */
	static long buckets(TimeRange range) {
		long minutes = rangeMinutes(range);
		long slice = minutes(minutes);
		return (minutes + slice - 1) / slice;
	}

	static long minute(Instant instant) {
		return Math.floorDiv(instant.getEpochSecond(), 60);
	}

}
