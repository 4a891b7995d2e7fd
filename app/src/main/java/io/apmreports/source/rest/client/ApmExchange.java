package io.apmreports.source.rest.client;

import java.net.URI;
import java.time.Clock;

import org.springframework.http.HttpHeaders;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

import io.apmreports.failure.NoAnswer;
import io.apmreports.failure.Unreachable;
import io.apmreports.source.RequestStats;
import io.apmreports.source.access.RequestPacer;
import io.apmreports.source.access.Retries;
import io.apmreports.source.access.RetryPolicy;

/**
 * One GET request to the service, paced, counted, checked, and tried again on transient
 * failures as the retry policy allows. The key goes only to the configured origin.
 */
final class ApmExchange {

	private final RestClient restClient;

	private final ApmEndpoint endpoint;

	private final String keyHeader;

	private final ResponseReader reader;

	private final Retries retries;

	private final RequestPacer pacer;

	private final Clock clock;

	private final RequestStats stats;

	ApmExchange(RestClient restClient, ApmEndpoint endpoint, String keyHeader, ResponseReader reader,
			RetryPolicy retryPolicy, RequestPacer pacer, Clock clock, RequestStats stats) {
		this.restClient = restClient;
		this.endpoint = endpoint;
		this.keyHeader = keyHeader;
		this.reader = reader;
		this.retries = new Retries(retryPolicy, pacer);
		this.pacer = pacer;
		this.clock = clock;
		this.stats = stats;
	}

	/** The answer's body as JSON. */
	JsonNode get(URI uri) {
		return reader.tree(exchange(uri).body(), describe(uri));
	}

	/** One request, tried again on transient failures as the retry policy allows. */
	ApmResponse exchange(URI uri) {
		long askedAt = System.nanoTime();
		return retries.call(() -> exchangeOnce(uri, askedAt), stats::countRetry, stats::countTooManyRequests);
	}

	private ApmResponse exchangeOnce(URI uri, long askedAt) {
		String request = describe(uri);
		if (!endpoint.isSameOrigin(uri)) {
			throw new ApmException.InvalidRequest(request + ": refused, it is not on apm.base-url's origin", 0);
		}
		return pacer.send(askedAt, () -> send(uri, request));
	}

	private ApmResponse send(URI uri, String request) {
		try {
			stats.count(uri.getRawPath());
			ApmResponse response = restClient.get()
				.uri(uri)
				.header(keyHeader, endpoint.apiKey().reveal())
				.header(HttpHeaders.ACCEPT, "application/json")
				.exchange((req, res) -> new ApmResponse(res.getStatusCode().value(), res.getHeaders(),
						res.getBody().readAllBytes()), true);
			pacer.observe(response.headers());
			return ApmErrors.check(request, response, reader, clock);
		}
		catch (ResourceAccessException ex) {
			if (Unreachable.isLasting(ex)) {
				// a proxy that refuses will refuse every request: the run stops
				throw new ApmException.Authentication(request + ": " + NoAnswer.why(ex), 0);
			}
			throw new ApmException.Transient(request + ": no answer (" + NoAnswer.why(ex) + ")", 0, null);
		}
	}

	/**
	 * A request as messages name it: method and path, without a query as long as a server
	 * allows.
	 */
	static String describe(URI uri) {
		return "GET " + uri.getRawPath();
	}

}
