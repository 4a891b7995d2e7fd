package io.apmreports.apm;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.locks.LockSupport;

/**
 * Keeps the client under the account's rate limit, shared by every fetching thread: requests are spaced evenly at
 * a little under the limit, so a large run meets no 429 in steady state. When the service reports how many calls
 * are left until its window resets ({@code X-RateLimit-Remaining}, {@code X-RateLimit-Reset}), the spacing widens to
 * spread those calls over the rest of the window.
 */
public final class RequestPacer {

	/** Aims this far under the limit, so that clock skew and network jitter never push a window over it. */
	static final double HEADROOM = 0.97;

	private final Clock clock;

	private final long intervalNanos;

	private long nextSlotNanos;

	private long blockedUntilNanos;

	/**
	 * @param requestsPerMinute the account's limit; 0 or less means no pacing
	 */
	public RequestPacer(int requestsPerMinute, Clock clock) {
		this.clock = clock;
		this.intervalNanos = requestsPerMinute <= 0 ? 0
				: (long) (Duration.ofMinutes(1).toNanos() / (requestsPerMinute * HEADROOM));
	}

	public static RequestPacer unlimited() {
		return new RequestPacer(0, Clock.systemUTC());
	}

	/** Waits for this request's slot. */
	public void acquire() {
		long slot = System.nanoTime();
		slot += reserve(slot);
		// parkNanos may return early: wait until the slot really came
		for (long wait = slot - System.nanoTime(); wait > 0; wait = slot - System.nanoTime()) {
			LockSupport.parkNanos(wait);
		}
	}

	/** Reserves the next slot at {@code now} (nanoTime) and answers how long to wait for it. */
	synchronized long reserve(long now) {
		long slot = Math.max(Math.max(now, nextSlotNanos), blockedUntilNanos);
		nextSlotNanos = slot + intervalNanos;
		return slot - now;
	}

	/**
	 * Takes in what an answer said of the rate limit.
	 * @param remaining {@code X-RateLimit-Remaining}, or {@code null}
	 * @param resetEpochSeconds {@code X-RateLimit-Reset}, or {@code null}
	 */
	synchronized void observe(Long remaining, Long resetEpochSeconds, long now) {
		if (remaining == null || resetEpochSeconds == null) {
			return;
		}
		long untilReset = Duration.between(clock.instant(), Instant.ofEpochSecond(resetEpochSeconds)).toNanos();
		if (untilReset <= 0) {
			return;
		}
		if (remaining <= 0) {
			blockedUntilNanos = Math.max(blockedUntilNanos, now + untilReset);
			return;
		}
		long spread = untilReset / remaining;
		if (spread > intervalNanos) {
			nextSlotNanos = Math.max(nextSlotNanos, now + spread);
		}
	}

	/** Holds every thread back for {@code wait}: a 429's Retry-After speaks for the account, not for one request. */
	synchronized void holdFor(Duration wait) {
		blockedUntilNanos = Math.max(blockedUntilNanos, System.nanoTime() + wait.toNanos());
	}

	void observe(org.springframework.http.HttpHeaders headers) {
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
