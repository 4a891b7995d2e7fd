package io.apmreports.sandbox;

/**
 * The checks {@link Faults} and its rules make of their values, each failing with a
 * message that names it.
 */
final class FaultChecks {

	private FaultChecks() {
	}

	static void requireFailureStatus(int status) {
		if (status < 400 || status > 599) {
			throw new IllegalArgumentException("a fault status must be from 400 to 599: " + status);
		}
	}

	static void requireShare(String name, double share) {
		if (!(share >= 0 && share <= 1)) {
			throw new IllegalArgumentException(name + " must be from 0 to 1: " + share);
		}
	}

	static void requireRetryAfter(long seconds) {
		if (seconds < 0) {
			throw new IllegalArgumentException("Retry-After must not be negative: " + seconds);
		}
	}

}
