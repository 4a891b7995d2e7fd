package io.apmreports.sandbox;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Decides, request by request, which fault of a {@link Faults} answers it. Thread-safe:
 * the server calls it from all its worker threads.
 */
final class FaultInjector {

	/**
	 * The real service's limit, shown in {@code X-RateLimit-Limit} when the sandbox
	 * enforces none.
	 */
	static final int SERVICE_LIMIT_PER_MINUTE = 1_000;

	private static final long WINDOW_MILLIS = 60_000;

	// Salts keep the share decisions of drop, truncate and each fail-share rule
	// independent of each other.
	private static final long DROP_SALT = 1;

	private static final long TRUNCATE_SALT = 2;

	private static final long FAIL_SHARE_SALT = 3;

	private final Faults faults;

	private final Clock clock;

	private final AtomicLong requests = new AtomicLong();

	/**
	 * Arrival times of the requests the limit let through within the last 60 seconds,
	 * oldest first.
	 */
	private final Deque<Long> window = new ArrayDeque<>();

	FaultInjector(Faults faults, Clock clock) {
		this.faults = faults;
		this.clock = clock;
	}

	Faults faults() {
		return faults;
	}

	/** What becomes of a request. */
	sealed interface Verdict {

	}

	/** Close the connection without an answer. */
	record Drop() implements Verdict {
	}

	/**
	 * Answer {@code status} instead of the real answer.
	 *
	 * @param retryAfterSeconds for a 429
	 * @param resetEpochSecond for a 429: when the client may call again
	 */
	record Fail(int status, long retryAfterSeconds, long resetEpochSecond) implements Verdict {
	}

	/**
	 * Give the real answer.
	 *
	 * @param truncate cut a 200 off after half its body
	 */
	record Pass(boolean truncate) implements Verdict {
	}

	/**
	 * Rate-limit headers for an answer; {@code remaining} as the client may still call in
	 * this minute.
	 */
	record Limit(int limit, long remaining) {
	}

	/** Numbers the request and judges it; call exactly once per request received. */
	Verdict next() {
		long number = requests.incrementAndGet();
		if (hits(faults.dropEvery(), faults.dropShare(), number, DROP_SALT)) {
			return new Drop();
		}
		for (FailEvery rule : faults.failEvery()) {
			if (number % rule.every() == 0) {
				return fail(rule.status(), rule.retryAfterSeconds());
			}
		}
		for (int i = 0; i < faults.failShare().size(); i++) {
			FailShare rule = faults.failShare().get(i);
			if (shareHits(rule.share(), number, FAIL_SHARE_SALT + i)) {
				return fail(rule.status(), rule.retryAfterSeconds());
			}
		}
		Burst429 burst = faults.burst429();
		if (burst != null && burst.hits(number)) {
			return fail(429, burst.retryAfterSeconds());
		}
		if (faults.rateLimitPerMinute() > 0) {
			Fail refused = admit();
			if (refused != null) {
				return refused;
			}
		}
		return new Pass(hits(faults.truncateEvery(), faults.truncateShare(), number, TRUNCATE_SALT));
	}

	/**
	 * The rate-limit headers every answer carries while a limit is enforced; null without
	 * a limit.
	 */
	Limit limit() {
		int perMinute = faults.rateLimitPerMinute();
		if (perMinute == 0) {
			return null;
		}
		synchronized (window) {
			expire(clock.millis());
			return new Limit(perMinute, Math.max(0, perMinute - window.size()));
		}
	}

	private Fail fail(int status, long retryAfterSeconds) {
		return new Fail(status, retryAfterSeconds, clock.instant().getEpochSecond() + retryAfterSeconds);
	}

	/**
	 * A sliding window: a request is let through when fewer than the limit were let
	 * through in the 60 seconds before it. Refused requests do not count, so a client
	 * that waits as told gets through.
	 */
	private Fail admit() {
		long now = clock.millis();
		synchronized (window) {
			expire(now);
			if (window.size() < faults.rateLimitPerMinute()) {
				window.addLast(now);
				return null;
			}
			long freeAt = window.peekFirst() + WINDOW_MILLIS;
			long retryAfter = Math.max(1, (freeAt - now + 999) / 1000);
			return new Fail(429, retryAfter, (freeAt + 999) / 1000);
		}
	}

	private void expire(long now) {
		while (!window.isEmpty() && window.peekFirst() <= now - WINDOW_MILLIS) {
			window.removeFirst();
		}
	}

	private boolean hits(long every, double share, long number, long salt) {
		return (every > 0 && number % every == 0) || shareHits(share, number, salt);
	}

	/**
	 * Hashing the request number, not drawing from a shared generator, keeps the choice
	 * reproducible.
	 */
	private boolean shareHits(double share, long number, long salt) {
		return share > 0 && Hashing.unit(faults.seed(), number, salt, 0) < share;
	}

}
