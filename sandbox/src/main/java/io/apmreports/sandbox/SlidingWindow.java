package io.apmreports.sandbox;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A limit per minute as the services keep it, a sliding window: a request is let through
 * when fewer than the limit were let through in the 60 seconds before it. Refused
 * requests do not count, so a client that waits as told gets through. REST's requests and
 * NRQL's queries each have one.
 */
final class SlidingWindow {

	private static final long WINDOW_MILLIS = 60_000;

	private final int perMinute;

	private final Clock clock;

	/**
	 * Arrival times of the requests let through within the last 60 seconds, oldest first.
	 */
	private final Deque<Long> admitted = new ArrayDeque<>();

	SlidingWindow(int perMinute, Clock clock) {
		this.perMinute = perMinute;
		this.clock = clock;
	}

	int perMinute() {
		return perMinute;
	}

	/**
	 * Lets a request through, and then answers -1; otherwise answers when a place frees,
	 * in epoch milliseconds.
	 */
	synchronized long admit() {
		long now = clock.millis();
		expire(now);
		if (admitted.size() < perMinute) {
			admitted.addLast(now);
			return -1;
		}
		return admitted.peekFirst() + WINDOW_MILLIS;
	}

	/** The requests still let through in the current minute. */
	synchronized int remaining() {
		expire(clock.millis());
		return Math.max(0, perMinute - admitted.size());
	}

	private void expire(long now) {
		while (!admitted.isEmpty() && admitted.peekFirst() <= now - WINDOW_MILLIS) {
			admitted.removeFirst();
		}
	}

}
