package io.apmreports.source.access;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * When to try a transient failure again: exponential backoff with jitter, or what the
 * service asked for ({@code Retry-After}, {@code X-RateLimit-Reset}) capped by
 * {@code maxWait} plus a jitter of up to {@code initialBackoff}, for at most
 * {@code maxAttempts} attempts. Written here rather than with a retry library because the
 * wait depends on each answer's headers.
 *
 * @param maxAttempts attempts in all, the first included
 * @param initialBackoff the wait after the first failure, before jitter
 * @param maxBackoff the longest computed wait
 * @param maxWait the longest wait the service may ask for
 */
public record RetryPolicy(int maxAttempts, Duration initialBackoff, Duration maxBackoff, Duration maxWait) {

	public RetryPolicy {
		if (maxAttempts < 1) {
			throw new IllegalArgumentException("apm.retry.max-attempts must be at least 1");
		}
	}

	public static RetryPolicy none() {
		return new RetryPolicy(1, Duration.ZERO, Duration.ZERO, Duration.ZERO);
	}

	/**
	 * The wait before attempt {@code attempt + 1}, after {@code attempt} failed attempts.
	 * @param attempt failed attempts so far, from 1
	 * @param askedFor what the service asked for, or {@code null}
	 * @param jitter a number in [0, 1) that spreads the waits of many clients
	 */
	public Duration delay(int attempt, Duration askedFor, double jitter) {
		if (askedFor != null) {
			// what was asked for (capped) plus up to one initial backoff: clients told
			// the same Retry-After must not all come back at the same instant and meet
			// the limit again together
			Duration honoured = askedFor.compareTo(maxWait) > 0 ? maxWait : askedFor;
			return honoured.plusNanos((long) (initialBackoff.toNanos() * jitter));
		}
		double exponential = initialBackoff.toNanos() * Math.pow(2, Math.min(attempt - 1, 30));
		double capped = Math.min(exponential, maxBackoff.toNanos());
		// "equal jitter": at least half the backoff, so waits still grow, at most all of
		// it
		return Duration.ofNanos((long) (capped / 2 + capped / 2 * jitter));
	}

	public boolean allowsAnotherAfter(int attempt) {
		return attempt < maxAttempts;
	}

	public static double jitter() {
		return ThreadLocalRandom.current().nextDouble();
	}

}
