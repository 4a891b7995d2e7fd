package io.apmreports.source.access;

import java.util.PriorityQueue;

/**
 * The requests waiting for their turn, the one first asked for earliest first, and the
 * turn each thread's failed request keeps for its next attempt, so that a request tried
 * again is not pushed to the back of the line on every attempt. It has no lock of its
 * own: {@link RequestPacer} calls it holding the lock its slots are kept under, so that a
 * turn and a slot change hands in one step.
 */
final class TurnQueue {

	private final PriorityQueue<Turn> waiting = new PriorityQueue<>();

	private long turns;

	/** The turn this thread's request kept when it failed, to be tried again. */
	private final ThreadLocal<Turn> kept = new ThreadLocal<>();

	/**
	 * This thread's turn for a request first asked for at {@code askedAtNanos}: the one
	 * it kept when it failed, or else a new one in its place in the line.
	 */
	Turn join(long askedAtNanos) {
		Turn turn = kept.get();
		if (turn != null) {
			kept.remove();
			return turn;
		}
		turn = new Turn(askedAtNanos, turns++);
		waiting.add(turn);
		return turn;
	}

	boolean isFirst(Turn turn) {
		return waiting.peek() == turn;
	}

	/** The first turn has come: its request goes, and leaves the line. */
	void takeFirst() {
		waiting.remove();
	}

	/**
	 * Keeps a turn for this thread's next attempt at a request first asked for at
	 * {@code askedAtNanos}, unless it keeps one already: it is in the line from now on,
	 * before any other request can take the slot the failed one leaves.
	 */
	void keep(long askedAtNanos) {
		if (kept.get() == null) {
			Turn turn = new Turn(askedAtNanos, turns++);
			waiting.add(turn);
			kept.set(turn);
		}
	}

	/**
	 * Drops the turn this thread kept, as its request got through or will not be tried
	 * again; answers whether there was one, which the line then moves up past.
	 */
	boolean giveUpKept() {
		Turn turn = kept.get();
		if (turn == null) {
			return false;
		}
		kept.remove();
		waiting.remove(turn);
		return true;
	}

	int size() {
		return waiting.size();
	}

	/** A request waiting for its turn; earlier asked goes first, then earlier come. */
	record Turn(long askedAtNanos, long order) implements Comparable<Turn> {

		@Override
		public int compareTo(Turn other) {
			// nanoTime values are compared by their difference: they may overflow
			long earlier = askedAtNanos - other.askedAtNanos;
			return earlier != 0 ? Long.signum(earlier) : Long.compare(order, other.order);
		}

	}

}
