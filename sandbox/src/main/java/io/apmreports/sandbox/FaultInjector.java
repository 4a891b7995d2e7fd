package io.apmreports.sandbox;

import java.time.Clock;
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

	// Salts keep the share decisions of drop, truncate and each fail-share rule
	// independent of each other.
	private static final long DROP_SALT = 1;

	private static final long TRUNCATE_SALT = 2;

	private static final long FAIL_SHARE_SALT = 3;

	private final Faults faults;

	private final Clock clock;

	private final AtomicLong requests = new AtomicLong();

	/** The rate limit, when one is enforced; else null. */
	private final SlidingWindow window;

	FaultInjector(Faults faults, Clock clock) {
		this.faults = faults;
		this.clock = clock;
		this.window = faults.rateLimitPerMinute() > 0 ? new SlidingWindow(faults.rateLimitPerMinute(), clock) : null;
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
		if (window != null) {
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
		return window == null ? null : new Limit(window.perMinute(), window.remaining());
	}

	private Fail fail(int status, long retryAfterSeconds) {
		return new Fail(status, retryAfterSeconds, clock.instant().getEpochSecond() + retryAfterSeconds);
	}

	/** The rate limit's verdict: through (null), or a 429 saying when a place frees. */
	private Fail admit() {
		long freeAt = window.admit();
		if (freeAt < 0) {
			return null;
		}
		long retryAfter = Math.max(1, (freeAt - clock.millis() + 999) / 1000);
		return new Fail(429, retryAfter, (freeAt + 999) / 1000);
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
