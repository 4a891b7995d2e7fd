package io.apmreports.sandbox;

/**
 * Every {@code every}-th request is answered with {@code status} instead of its real
 * answer.
 *
 * @param status an HTTP status from 400 to 599
 * @param every the period, 1 or more
 * @param retryAfterSeconds the {@code Retry-After} of a 429 (ignored for other statuses)
 */
public record FailEvery(int status, long every, long retryAfterSeconds) {

	/** Validates the rule. */
	public FailEvery {
		FaultChecks.requireFailureStatus(status);
		if (every < 1) {
			throw new IllegalArgumentException("fail-every period must be 1 or more: " + every);
		}
		FaultChecks.requireRetryAfter(retryAfterSeconds);
	}

	/** A rule whose 429s ask for one second. */
	public FailEvery(int status, long every) {
		this(status, every, Faults.DEFAULT_RETRY_AFTER_SECONDS);
	}
}
