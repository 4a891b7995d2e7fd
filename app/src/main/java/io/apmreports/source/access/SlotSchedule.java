package io.apmreports.source.access;

import java.time.Duration;

/**
 * When the next request may go, in {@link System#nanoTime()}: an interval after the one
 * before, later while the service has asked to slow down or to stop until its window
 * resets, and staggered while the threads a 429 held back are let go. It has no lock of
 * its own: {@link RequestPacer} calls it holding the lock its turns are kept under, so
 * that a slot and a turn change hands in one step.
 */
final class SlotSchedule {

	private final long intervalNanos;

	private long nextSlotNanos;

	private long blockedUntilNanos;

	private long staggerNanos;

	private int staggeredLeft;

	/**
	 * @param intervalNanos the spacing that keeps requests under the limit; 0 for none
	 */
	SlotSchedule(long intervalNanos) {
		this.intervalNanos = intervalNanos;
	}

	/** The earliest moment the next request may go. */
	long dueNanos() {
		return Math.max(nextSlotNanos, blockedUntilNanos);
	}

	/**
	 * A request went at {@code at}: the next goes an interval later, or a stagger later
	 * while threads held back by a 429 are still being let go.
	 */
	void released(long at) {
		long spacing = intervalNanos;
		if (staggeredLeft > 0) {
			staggeredLeft--;
			spacing = Math.max(spacing, staggerNanos);
		}
		nextSlotNanos = at + spacing;
	}

	/**
	 * The service has {@code remaining} calls left for the {@code untilResetNanos} until
	 * its window resets: none holds every request back until then; a few spread over it
	 * widen the spacing, never narrow it.
	 */
	void limitSaid(long remaining, long untilResetNanos, long now) {
		if (remaining <= 0) {
			blockedUntilNanos = Math.max(blockedUntilNanos, now + untilResetNanos);
			return;
		}
		long spread = untilResetNanos / remaining;
		if (spread > intervalNanos) {
			nextSlotNanos = Math.max(nextSlotNanos, now + spread);
		}
	}

	/**
	 * Holds every request back for {@code wait} from {@code now}, then lets
	 * {@code released} go one after another over {@code spread}; a hold already under way
	 * is never shortened.
	 */
	void holdFor(Duration wait, Duration spread, int released, long now) {
		blockedUntilNanos = Math.max(blockedUntilNanos, now + wait.toNanos());
		long stagger = spread.toNanos() / released;
		staggerNanos = staggeredLeft > 0 ? Math.max(staggerNanos, stagger) : stagger;
		staggeredLeft = Math.max(staggeredLeft, released);
	}

}
