package io.apmreports.source.nrql;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.graphql.ResponseError;
import org.springframework.http.HttpHeaders;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClientResponseException;

import io.apmreports.failure.NoAnswer;
import io.apmreports.failure.Failures;
import io.apmreports.failure.Unreachable;

/**
 * Maps what NerdGraph answered, an HTTP failure or GraphQL {@code errors}, to the typed
 * failure the client acts on.
 */
final class NerdGraphErrors {

	private static final Logger log = LoggerFactory.getLogger(NerdGraphErrors.class);

	/** The longest service message quoted: a row's detail is one line. */
	private static final int QUOTED = 200;

	/**
	 * How NerdGraph begins an {@code errors} entry that only warns of a deprecated field
	 * beside a full answer (the vendor's Go client keeps the data of such an answer).
	 */
	static final String DEPRECATED = "This field is deprecated!";

	/** The deprecation notices already logged: each is told once a run, not per page. */
	private static final Set<String> TOLD = ConcurrentHashMap.newKeySet();

	private NerdGraphErrors() {
	}

	/** A failure before or instead of a GraphQL answer. */
	static NerdGraphException transport(String request, Throwable failure, String key) {
		RestClientResponseException http = Failures.find(failure, RestClientResponseException.class).orElse(null);
		if (http != null) {
			int status = http.getStatusCode().value();
			String message = request + " answered HTTP " + status;
			if (status == 401 || status == 403) {
				return new NerdGraphException.Refused(message + ": the API key was refused; check APM_API_KEY");
			}
			if (status == 429 || status >= 500) {
				return new NerdGraphException.Transient(message, retryAfter(http.getResponseHeaders()), status == 429);
			}
			if (status == 404 || status >= 300 && status < 400) {
				// every query would meet it: a setting to fix, not a query to drop
				return new NerdGraphException.Refused(message + ": is apm.nrql.graphql-url NerdGraph's URL?");
			}
			return new NerdGraphException.Rejected(message);
		}
		if (Unreachable.isLasting(failure)) {
			// a proxy that refuses will refuse every request: the run stops
			return new NerdGraphException.Refused(request + ": " + NoAnswer.why(failure));
		}
		if (Failures.find(failure, ResourceAccessException.class).isPresent()) {
			return new NerdGraphException.Transient(request + ": no answer (" + NoAnswer.why(failure) + ")", null,
					false);
		}
		return new NerdGraphException.Rejected(
				request + ": unreadable answer (" + quoted(Failures.root(failure).getMessage(), key) + ")");
	}

	/**
	 * The entries of an answer's {@code errors} that are failures: a notice that a field
	 * the document asks is deprecated comes beside a full answer, which is read as it is
	 * (the notice is logged, once), rather than failing every request until the field is
	 * gone.
	 */
	static List<ResponseError> failures(String request, List<ResponseError> errors, String key) {
		List<ResponseError> failures = new ArrayList<>(errors.size());
		for (ResponseError error : errors) {
			String message = error.getMessage();
			if (message == null || !message.startsWith(DEPRECATED)) {
				failures.add(error);
			}
			else if (TOLD.add(quoted(message, key))) {
				log.warn("{}: NerdGraph says a field apm-reports asks is deprecated ({} at {})", request,
						quoted(message, key), error.getPath());
			}
		}
		return failures;
	}

	/**
	 * The failure the answer's {@code errors} stand for, the gravest first: a refused key
	 * or account stops the run, a transient class is tried again, anything else fails the
	 * query.
	 */
	static NerdGraphException errors(String request, List<ResponseError> errors, String key) {
		NerdGraphException gravest = null;
		for (ResponseError error : errors) {
			NerdGraphException failure = error(request, error, key);
			if (gravest == null || rank(failure) > rank(gravest)) {
				gravest = failure;
			}
		}
		return gravest;
	}

	private static NerdGraphException error(String request, ResponseError error, String key) {
		Map<String, Object> extensions = error.getExtensions();
		String errorClass = text(extensions.get("errorClass"));
		String errorCode = text(extensions.get("error_code"));
		String said = quoted(error.getMessage(), key);
		if ("BAD_API_KEY".equals(errorCode) || "UNAUTHORIZED".equals(errorClass)) {
			return new NerdGraphException.Refused(
					request + ": the API key was refused (" + said + "); check APM_API_KEY");
		}
		if ("FORBIDDEN".equals(errorClass)) {
			return new NerdGraphException.Refused(
					request + ": the API key may not read the account (" + said + "); check apm.account-id");
		}
		String what = errorClass != null ? errorClass
				: text(extensions.get("classification")) != null ? text(extensions.get("classification")) : "an error";
		String message = request + " answered " + what + " (" + said + ")";
		return switch (what) {
			case "TIMEOUT", "INTERNAL_SERVER_ERROR", "SERVER_ERROR" ->
				new NerdGraphException.Transient(message, null, false);
			case "TOO_MANY_REQUESTS" -> new NerdGraphException.Transient(message, null, true);
			default -> new NerdGraphException.Rejected(message);
		};
	}

	private static int rank(NerdGraphException failure) {
		if (failure instanceof NerdGraphException.Refused) {
			return 3;
		}
		return failure instanceof NerdGraphException.Transient ? 2 : 1;

	}

	/**
	 * The service's words, on one line, shortened, and without the key should it ever
	 * echo it.
	 */
	static String quoted(String message, String key) {
		if (message == null || message.isBlank()) {
			return "no message";
		}
		String line = message.replace(key, "[key]").replaceAll("\\s+", " ").strip();
		return line.length() > QUOTED ? line.substring(0, QUOTED) + "..." : line;
	}

	private static String text(Object value) {
		return value instanceof String text && !text.isBlank() ? text : null;
	}

	private static Duration retryAfter(HttpHeaders headers) {
		String retryAfter = headers == null ? null : headers.getFirst(HttpHeaders.RETRY_AFTER);
		if (retryAfter == null) {
			return null;
		}
		try {
			long seconds = Long.parseLong(retryAfter.strip());
			return seconds < 0 ? Duration.ZERO : Duration.ofSeconds(seconds);
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

}
