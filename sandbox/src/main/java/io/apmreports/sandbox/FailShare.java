package io.apmreports.sandbox;

/**
 * A share of requests, chosen by a seeded hash of the request number, is answered with
 * {@code status}.
 *
 * @param status an HTTP status from 400 to 599
 * @param share from 0 (none) to 1 (all)
 * @param retryAfterSeconds the {@code Retry-After} of a 429 (ignored for other statuses)
 */
public record FailShare(int status, double share, long retryAfterSeconds) {

	/** Validates the rule. */
	public FailShare {
		FaultChecks.requireFailureStatus(status);
		FaultChecks.requireShare("fail-share", share);
		FaultChecks.requireRetryAfter(retryAfterSeconds);
	}

	/** A rule whose 429s ask for one second. */
	public FailShare(int status, double share) {
		this(status, share, Faults.DEFAULT_RETRY_AFTER_SECONDS);
	}
}
