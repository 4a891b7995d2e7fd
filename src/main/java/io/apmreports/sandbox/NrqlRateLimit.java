package io.apmreports.sandbox;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The account's NRQL queries per minute: a query is let through when fewer than the limit
 * were let through in the 60 seconds before it; refused ones do not count.
 */
final class NrqlRateLimit {

	private static final long WINDOW_MILLIS = 60_000;

	private final int perMinute;

	private final Clock clock;

	private final Deque<Long> admitted = new ArrayDeque<>();

	NrqlRateLimit(int perMinute, Clock clock) {
		this.perMinute = perMinute;
		this.clock = clock;
	}

	int perMinute() {
		return perMinute;
	}

	synchronized boolean admit() {
		long now = clock.millis();
		while (!admitted.isEmpty() && admitted.peekFirst() <= now - WINDOW_MILLIS) {
			admitted.removeFirst();
		}
		if (admitted.size() >= perMinute) {
			return false;
		}
		admitted.addLast(now);
		return true;
	}

}
