package io.apmreports.sandbox;

import java.util.ArrayList;
import java.util.List;

/**
 * A query's window in whole minutes, floored as the REST face floors its range, and its
 * TIMESERIES buckets, aligned to SINCE; the last bucket ends at UNTIL.
 */
record NrqlWindow(long fromMinute, long toMinute, long bucketMinutes) {

	/** The real service's most buckets. */
	static final int MAX_BUCKETS = 366;

	/** The window when SINCE is not given: the hour before UNTIL. */
	private static final long DEFAULT_MINUTES = 60;

	static NrqlWindow of(NrqlQuery query, long nowMillis) {
		long untilMillis = query.until() == null ? nowMillis : query.until().millis(nowMillis);
		long sinceMillis = query.since() == null ? untilMillis - DEFAULT_MINUTES * 60_000
				: query.since().millis(nowMillis);
		long from = Math.floorDiv(sinceMillis, 60_000);
		long to = Math.floorDiv(untilMillis, 60_000);
		if (from >= to) {
			throw new NrqlException(
					"SINCE must be at least a whole minute before UNTIL (the window is read in whole" + " minutes)");
		}
		long minutes = to - from;
		long bucket = query.bucketMinutes() == -1 ? Math.max(1, (minutes + MAX_BUCKETS - 1) / MAX_BUCKETS)
				: query.bucketMinutes();
		if (bucket > 0 && (minutes + bucket - 1) / bucket > MAX_BUCKETS) {
			throw new NrqlException("TIMESERIES of " + bucket + " minutes over " + minutes + " minutes makes "
					+ (minutes + bucket - 1) / bucket + " buckets; at most " + MAX_BUCKETS);
		}
		return new NrqlWindow(from, to, bucket);
	}

	long minutes() {
		return toMinute - fromMinute;
	}

	boolean timeseries() {
		return bucketMinutes > 0;
	}

	/** The buckets as {from, to} epoch minutes; the whole window without TIMESERIES. */
	List<long[]> buckets() {
		if (!timeseries()) {
			return List.of(new long[] { fromMinute, toMinute });
		}
		List<long[]> buckets = new ArrayList<>();
		for (long start = fromMinute; start < toMinute; start += bucketMinutes) {
			buckets.add(new long[] { start, Math.min(toMinute, start + bucketMinutes) });
		}
		return buckets;
	}

}
