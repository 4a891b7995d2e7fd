package io.apmreports.web.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Slows password guessing: after a few wrong passwords in a row for a name, or from an
 * address, each further attempt must wait, longer each time, whatever the password. A
 * right password after the wait clears the count.
 */
final class LoginThrottle {

	private static final Duration LONGEST = Duration.ofMinutes(15);

	private final Clock clock;

	private final int freeFailures;

	private final Duration firstDelay;

	/** How many names and addresses are counted before the long-quiet ones are let go. */
	private static final int KEPT = 10_000;

	private final Map<String, Failures> failures = new ConcurrentHashMap<>();

	private final int kept;

	LoginThrottle(Clock clock, int freeFailures, Duration firstDelay) {
		this(clock, freeFailures, firstDelay, KEPT);
	}

	LoginThrottle(Clock clock, int freeFailures, Duration firstDelay, int kept) {
		this.clock = clock;
		this.freeFailures = freeFailures;
		this.firstDelay = firstDelay;
		this.kept = kept;
	}

	private record Failures(int count, Instant last) {
	}

	/** How long an attempt for these keys (a name, an address) must still wait. */
	Optional<Duration> wait(String... keys) {
		Instant now = clock.instant();
		Duration longest = Duration.ZERO;
		for (String key : keys) {
			Failures failed = failures.get(key);
			if (failed != null && failed.count() > freeFailures) {
				Duration left = Duration.between(now, failed.last().plus(delay(failed.count())));
				longest = left.compareTo(longest) > 0 ? left : longest;
			}
		}
		return !longest.isZero() && !longest.isNegative() ? Optional.of(longest) : Optional.empty();
	}

	void failed(String... keys) {
		Instant now = clock.instant();
		for (String key : keys) {
			failures.merge(key, new Failures(1, now), (before, one) -> new Failures(before.count() + 1, now));
		}
		if (failures.size() > kept) {
			// guesses over ever new names must not fill the memory: a key quiet for
			// longer than the longest wait is forgotten then
			Instant quietSince = now.minus(LONGEST);
			failures.values().removeIf(failed -> failed.last().isBefore(quietSince));
		}
	}

	void succeeded(String... keys) {
		for (String key : keys) {
			failures.remove(key);
		}
	}

	/** The wait after the n-th failure in a row: doubling from the first, capped. */
	private Duration delay(int count) {
		int doublings = Math.min(count - freeFailures - 1, 20);
		Duration delay = firstDelay.multipliedBy(1L << doublings);
		return delay.compareTo(LONGEST) > 0 ? LONGEST : delay;
	}

}
