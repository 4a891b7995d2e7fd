package io.apmreports.range;

/**
 * How long the slices of a series are, by the length of its range: the table of the
 * specification, by which REST v2 slices a series. The NRQL source asks its
 * {@code TIMESERIES} by it so that both sources answer the same slices. The sandbox keeps
 * its own copy of the table, as the service does.
 */
public final class SeriesSlices {

	/** {longest range, slice} in minutes. */
	private static final long[][] SLICES = { { 3 * 60, 1 }, { 6 * 60, 2 }, { 14 * 60, 5 }, { 24 * 60, 10 },
			{ 4 * 1440, 30 }, { 7 * 1440, 60 }, { 21 * 1440, 180 }, { 42 * 1440, 360 }, { 63 * 1440, 720 } };

	/** The slice of ranges longer than the table's. */
	private static final long LONGEST_SLICE = 3 * 1440;

	private SeriesSlices() {
	}

	/** The slice length in minutes of a series over {@code rangeMinutes}. */
	public static long minutes(long rangeMinutes) {
		for (long[] row : SLICES) {
			if (rangeMinutes <= row[0]) {
				return row[1];
			}
		}
		return LONGEST_SLICE;
	}

}
