package io.apmreports.source.nrql;

import java.time.Duration;

import io.apmreports.failure.LastingFailure;
import io.apmreports.failure.RunFailedException;
import io.apmreports.source.access.TransientFailure;

/**
 * A failed NerdGraph request, typed by what the caller should do about it. Messages name
 * the query's kind and the service's error class, never a header, so they cannot carry
 * the key.
 */
abstract sealed class NerdGraphException extends RunFailedException
		permits NerdGraphException.Refused, NerdGraphException.Rejected, NerdGraphException.Transient {

	NerdGraphException(String message) {
		super(message);
	}

	/**
	 * The key was refused (HTTP 401/403, {@code BAD_API_KEY}, {@code UNAUTHORIZED}) or
	 * may not read the account ({@code FORBIDDEN}): the whole run stops.
	 */
	static final class Refused extends NerdGraphException implements LastingFailure {

		Refused(String message) {
			super(message);
		}

	}

	/**
	 * The service did not take this query ({@code INVALID_INPUT}, a document it does not
	 * know) or answered what cannot be read: only what the query was about fails.
	 */
	static final class Rejected extends NerdGraphException {

		Rejected(String message) {
			super(message);
		}

	}

	/**
	 * {@code TIMEOUT}, {@code INTERNAL_SERVER_ERROR}, {@code SERVER_ERROR},
	 * {@code TOO_MANY_REQUESTS}, HTTP 429 or 5xx, or no answer: worth trying again later.
	 */
	static final class Transient extends NerdGraphException implements TransientFailure {

		private final transient Duration retryAfter;

		private final boolean tooManyRequests;

		Transient(String message, Duration retryAfter, boolean tooManyRequests) {
			super(message);
			this.retryAfter = retryAfter;
			this.tooManyRequests = tooManyRequests;
		}

		/** How long the service asked to wait, or {@code null}. */
		@Override
		public Duration retryAfter() {
			return retryAfter;
		}

		/** Whether the service said it was asked too much (429, TOO_MANY_REQUESTS). */
		@Override
		public boolean tooManyRequests() {
			return tooManyRequests;
		}

	}

}
