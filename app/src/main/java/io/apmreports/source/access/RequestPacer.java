package io.apmreports.source.access;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

import org.springframework.http.HttpHeaders;

/**
 * Keeps the client under the account's rate limit, shared by every fetching thread:
 * requests are spaced evenly at a little under the limit, so a large run meets no 429 in
 * steady state. When the service reports how many calls are left until its window resets
 * ({@code X-RateLimit-Remaining}, {@code X-RateLimit-Reset}), the spacing widens to
 * spread those calls over the rest of the window.
 * <p>
 * Waiting requests go one at a time, the one first asked for earliest first: a request
 * tried again after a 429 goes before requests that have not been tried yet, so the same
 * request is not pushed to the back of the line on every attempt. After a 429 has held
 * every thread back, the threads that waited are released spread over the retry jitter,
 * not all at the same instant; and while a request refused with 429 waits to be tried
 * again, requests go one at a time, each once the one before it has been answered: a
 * burst of the threads that waited would meet the limit again together, on a service that
 * refuses one request in two, again and again.
 * <p>
 * A request that failed and will be tried again keeps its turn from the moment its answer
 * came, before any other request can take the slot it leaves: no request is sent until it
 * has been tried again. So on a service that fails one request in two, the retry is the
 * very next request and gets through, whatever the timing of the threads.
 */
public final class RequestPacer {

	/**
	 * Aims this far under the limit, so that clock skew and network jitter never push a
	 * window over it.
	 */
	static final double HEADROOM = 0.97;

	private final Clock clock;

	private final SlotSchedule slots;

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition turnChanged = lock.newCondition();

	private final TurnQueue queue = new TurnQueue();

	private int inFlight;

	private int refusedRequests;

	/**
	 * @param requestsPerMinute the account's limit; 0 or less means no pacing
	 */
	public RequestPacer(int requestsPerMinute, Clock clock) {
		this.clock = clock;
		this.slots = new SlotSchedule(
				requestsPerMinute <= 0 ? 0 : (long) (Duration.ofMinutes(1).toNanos() / (requestsPerMinute * HEADROOM)));
	}

	public static RequestPacer unlimited() {
		return new RequestPacer(0, Clock.systemUTC());
	}

	/**
	 * Waits for the turn of a request first asked for at {@code askedAtNanos}
	 * ({@link System#nanoTime()}): of the requests waiting, the one asked for earliest
	 * goes first. Every acquire must be followed by {@link #answered()}.
	 */
	public void acquire(long askedAtNanos) {
		boolean interrupted = false;
		lock.lock();
		try {
			TurnQueue.Turn turn = queue.join(askedAtNanos);
			for (;;) {
				if (!queue.isFirst(turn)) {
					turnChanged.awaitUninterruptibly();
					continue;
				}
				if (refusedRequests > 0 && inFlight > 0) {
					turnChanged.awaitUninterruptibly();
					continue;
				}
				long now = System.nanoTime();
				long wait = slots.dueNanos() - now;
				if (wait <= 0) {
					queue.takeFirst();
					slots.released(now);
					inFlight++;
					turnChanged.signalAll();
					break;
				}
				try {
					// wakes early when an older request comes in, which then goes first
					turnChanged.awaitNanos(wait);
				}
				catch (InterruptedException ex) {
					interrupted = true;
				}
			}
		}
		finally {
			lock.unlock();
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/**
	 * Sends {@code request} in its turn: {@link #acquire}, then {@link #answered()}; a
	 * {@link TransientFailure} keeps the turn for the request's next attempt, in the same
	 * step as its slot is left, so that no other request slips in between. Whoever tries
	 * again must call {@link #giveUpTurn()} once it stops trying.
	 */
	public <T> T send(long askedAtNanos, Supplier<T> request) {
		acquire(askedAtNanos);
		boolean keep = false;
		try {
			return request.get();
		}
		catch (RuntimeException ex) {
			keep = ex instanceof TransientFailure;
			throw ex;
		}
		finally {
			answered(keep ? askedAtNanos : null);
		}
	}

	/**
	 * The turn this thread's request kept is not wanted: it got through, or will not be
	 * tried again.
	 */
	public void giveUpTurn() {
		lock.lock();
		try {
			if (queue.giveUpKept()) {
				turnChanged.signalAll();
			}
		}
		finally {
			lock.unlock();
		}
	}

	private void answered(Long keepTurnAskedAt) {
		lock.lock();
		try {
			if (keepTurnAskedAt != null) {
				queue.keep(keepTurnAskedAt);
			}
			answered();
		}
		finally {
			lock.unlock();
		}
	}

	/** The request whose turn came has been answered, or has failed without an answer. */
	public void answered() {
		lock.lock();
		try {
			inFlight--;
			turnChanged.signalAll();
		}
		finally {
			lock.unlock();
		}
	}

	/**
	 * A request was refused with 429 and will be tried again: until it is through,
	 * requests go one at a time.
	 * @param refused true when it is, false when it is through (or given up)
	 */
	public void refused(boolean refused) {
		lock.lock();
		try {
			refusedRequests += refused ? 1 : -1;
			turnChanged.signalAll();
		}
		finally {
			lock.unlock();
		}
	}

	/**
	 * Reserves the next slot at {@code now} (nanoTime) and answers how long to wait for
	 * it.
	 */
	long reserve(long now) {
		lock.lock();
		try {
			long wait = Math.max(0, slots.dueNanos() - now);
			slots.released(now + wait);
			return wait;
		}
		finally {
			lock.unlock();
		}
	}

	/**
	 * Takes in what an answer said of the rate limit.
	 * @param remaining {@code X-RateLimit-Remaining}, or {@code null}
	 * @param resetEpochSeconds {@code X-RateLimit-Reset}, or {@code null}
	 */
	public void observe(Long remaining, Long resetEpochSeconds, long now) {
		if (remaining == null || resetEpochSeconds == null) {
			return;
		}
		long untilReset = Duration.between(clock.instant(), Instant.ofEpochSecond(resetEpochSeconds)).toNanos();
		if (untilReset <= 0) {
			return;
		}
		lock.lock();
		try {
			slots.limitSaid(remaining, untilReset, now);
		}
		finally {
			lock.unlock();
		}
	}

	/**
	 * Holds every thread back for {@code wait}: a 429 speaks for the account, not for one
	 * request. The threads waiting then, and the one that met the 429, are released one
	 * after another over {@code spread}.
	 */
	public void holdFor(Duration wait, Duration spread) {
		lock.lock();
		try {
			holdFor(wait, spread, queue.size() + 1, System.nanoTime());
		}
		finally {
			lock.unlock();
		}
	}

	/**
	 * {@link #holdFor(Duration, Duration)} at {@code now}, with {@code released} threads
	 * to let go after it.
	 */
	public void holdFor(Duration wait, Duration spread, int released, long now) {
		lock.lock();
		try {
			slots.holdFor(wait, spread, released, now);
			turnChanged.signalAll();
		}
		finally {
			lock.unlock();
		}
	}

	public void observe(HttpHeaders headers) {
		observe(number(headers.getFirst("X-RateLimit-Remaining")), number(headers.getFirst("X-RateLimit-Reset")),
				System.nanoTime());
	}

	private static Long number(String text) {
		try {
			return text == null ? null : Long.valueOf(text.trim());
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

}
