package io.apmreports.source.rest.client;

import java.time.Duration;

import io.apmreports.failure.LastingFailure;
import io.apmreports.failure.RunFailedException;
import io.apmreports.source.access.TransientFailure;

/**
 * A failed request to the service, typed by what the caller should do about it. Messages
 * name the request's path and status, never its headers, so they cannot carry the key.
 */
public abstract sealed class ApmException extends RunFailedException permits ApmException.Authentication,
		ApmException.NotFound, ApmException.InvalidRequest, ApmException.Transient, ApmException.Unreadable {

	private final int status;

	ApmException(String message, int status, Throwable cause) {
		super(message, cause);
		this.status = status;
	}

	/** The HTTP status, or 0 when there was no answer. */
	public int status() {
		return status;
	}

	/**
	 * 401 or 403: the key is wrong or lacks API access; or a proxy refuses the requests.
	 * The whole run stops.
	 */
	public static final class Authentication extends ApmException implements LastingFailure {

		Authentication(String message, int status) {
			super(message, status, null);
		}

	}

	/**
	 * 404: this application, host or key transaction is gone; the run goes on without it.
	 */
	public static final class NotFound extends ApmException {

		NotFound(String message) {
			super(message, 404, null);
		}

	}

	/** 422 or another client error: the service refused the request's parameters. */
	public static final class InvalidRequest extends ApmException {

		InvalidRequest(String message, int status) {
			super(message, status, null);
		}

	}

	/** 429, 5xx, a timeout or a broken connection: worth trying again later. */
	public static final class Transient extends ApmException implements TransientFailure {

		private final transient Duration retryAfter;

		Transient(String message, int status, Duration retryAfter) {
			super(message, status, null);
			this.retryAfter = retryAfter;
		}

		/**
		 * How long the service asked to wait ({@code Retry-After},
		 * {@code X-RateLimit-Reset}), or {@code null}.
		 */
		@Override
		public Duration retryAfter() {
			return retryAfter;
		}

		/** A 429: the account's limit, which holds every thread back. */
		@Override
		public boolean tooManyRequests() {
			return status() == 429;
		}

	}

	/**
	 * The answer was not the JSON the specification describes (HTML, truncated, wrong
	 * types).
	 */
	public static final class Unreadable extends ApmException {

		Unreadable(String message) {
			super(message, 200, null);
		}

	}

}
