package io.apmreports.sandbox;

/**
 * How long the service's timeslices are, by the length of the range asked for: the table
 * of the specification. The sandbox keeps its own copy rather than the client's, so that
 * a client that slices wrongly disagrees with the service it is tested against.
 */
final class SliceTable {

	/** {longest range, slice} in minutes. */
	private static final long[][] SLICES = { { 3 * 60, 1 }, { 6 * 60, 2 }, { 14 * 60, 5 }, { 24 * 60, 10 },
			{ 4 * 1440, 30 }, { 7 * 1440, 60 }, { 21 * 1440, 180 }, { 42 * 1440, 360 }, { 63 * 1440, 720 } };

	/** The slice of ranges longer than the table's. */
	private static final long LONGEST_SLICE = 3 * 1440;

	private SliceTable() {
	}

	/** The slice length in minutes of a series over {@code rangeMinutes}. */
	static long minutes(long rangeMinutes) {
		for (long[] row : SLICES) {
			if (rangeMinutes <= row[0]) {
				return row[1];
			}
		}
		return LONGEST_SLICE;
	}

}
