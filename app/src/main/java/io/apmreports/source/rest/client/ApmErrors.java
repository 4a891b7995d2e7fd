package io.apmreports.source.rest.client;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

import org.springframework.http.HttpHeaders;

/** Maps a non-2xx answer to the typed failure the caller acts on. */
final class ApmErrors {

	private ApmErrors() {
	}

	/**
	 * How long the service asks to wait: {@code Retry-After} in seconds or as an HTTP
	 * date, else {@code X-RateLimit-Reset} in epoch seconds; {@code null} when it says
	 * nothing usable.
	 */
	static Duration retryAfter(HttpHeaders headers, Clock clock) {
		String retryAfter = headers.getFirst(HttpHeaders.RETRY_AFTER);
		if (retryAfter != null) {
			try {
				return nonNegative(Duration.ofSeconds(Long.parseLong(retryAfter.trim())));
			}
			catch (NumberFormatException ex) {
				try {
					ZonedDateTime at = ZonedDateTime.parse(retryAfter.trim(), DateTimeFormatter.RFC_1123_DATE_TIME);
					return nonNegative(Duration.between(clock.instant(), at.toInstant()));
				}
				catch (DateTimeParseException ignored) {
					// fall through to the rate limit headers
				}
			}
		}
		String reset = headers.getFirst("X-RateLimit-Reset");
		if (reset != null) {
			try {
				return nonNegative(
						Duration.between(clock.instant(), Instant.ofEpochSecond(Long.parseLong(reset.trim()))));
			}
			catch (NumberFormatException ex) {
				return null;
			}
		}
		return null;
	}

	private static Duration nonNegative(Duration duration) {
		return duration.isNegative() ? Duration.ZERO : duration;
	}

	static ApmResponse check(String request, ApmResponse response, ResponseReader reader, Clock clock) {
		int status = response.status();
		if (status >= 200 && status < 300) {
			return response;
		}
		String title = reader.errorTitle(response.body());
		String message = request + " answered " + status + (title == null ? "" : " (" + title + ")");
		if (status == 401 || status == 403) {
			throw new ApmException.Authentication(message + ": the API key was refused; check APM_API_KEY", status);
		}
		if (status == 404) {
			throw new ApmException.NotFound(message);
		}
		if (status == 429 || status >= 500) {
			throw new ApmException.Transient(message, status, retryAfter(response.headers(), clock));
		}
		if (status >= 300 && status < 400) {
			throw new ApmException.InvalidRequest(message + ": redirected; is apm.base-url the https URL?", status);
		}
		throw new ApmException.InvalidRequest(message, status);
	}

}
