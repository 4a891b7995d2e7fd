package io.apmreports.sandbox;

/**
 * Runs of 429 at a fixed period over all requests: requests
 * {@code every+1 .. every+length}, {@code 2*every+1 .. 2*every+length} and so on are
 * refused, as a client that shares its key with a busy neighbour sees.
 *
 * @param length refused requests a run, 1 or more and less than {@code every}
 * @param retryAfterSeconds the {@code Retry-After} of each 429
 * @param every the period
 */
public record Burst429(int length, long retryAfterSeconds, long every) {

	/** Validates the burst. */
	public Burst429 {
		if (length < 1 || every <= length) {
			throw new IllegalArgumentException(
					"a 429 burst needs 1 <= length < every: length " + length + ", every " + every);
		}
		FaultChecks.requireRetryAfter(retryAfterSeconds);
	}

	boolean hits(long requestNumber) {
		return requestNumber > every && (requestNumber - 1) % every < length;
	}
}
