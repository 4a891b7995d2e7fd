package io.apmreports.net;

import java.io.IOException;
import java.net.URI;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;

import io.apmreports.failure.Failures;
import io.apmreports.failure.Unreachable;

/**
 * Tells a request that got no answer as an {@link Unreachable} that names the host or the
 * proxy: here alone are both the URL and the proxy known. The log file keeps the causes'
 * classes, the console only the words; neither says the URL, which may carry a secret.
 * Answers are read whole here (see {@link WholeAnswers}).
 */
final class NamedFailures implements ClientHttpRequestInterceptor {

	private static final Logger log = LoggerFactory.getLogger(NamedFailures.class);

	/** Outside io.apmreports, so that only the log file's appender has it. */
	private static final Logger LOG_FILE_ONLY = LoggerFactory.getLogger("apm-reports.failures");

	private static final int PROXY_AUTHENTICATION_REQUIRED = 407;

	private final Proxies proxies;

	NamedFailures(Proxies proxies) {
		this.proxies = proxies;
	}

	@Override
	public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
			throws IOException {
		URI uri = request.getURI();
		ClientHttpResponse response;
		try {
			// read whole here, so that a body cut off is told as a request without an
			// answer, named and tried again as one
			response = WholeAnswers.read(execution.execute(request, body));
		}
		catch (IOException ex) {
			// the proxy asked for on failure alone: this is every request's path
			throw logged(request,
					new Unreachable(Unanswered.words(ex, uri, proxies.proxyFor(uri)), Unanswered.isLasting(ex), ex));
		}
		if (response.getStatusCode().value() == PROXY_AUTHENTICATION_REQUIRED) {
			Optional<ProxyAddress> proxy = proxies.proxyFor(uri);
			if (proxy.isPresent()) {
				// the JDK hands a proxy's 407 over as if the server had answered it
				response.close();
				throw logged(request, new Unreachable(Unanswered.proxyWantsCredentials(proxy.get()), true, null));
			}
		}
		return response;
	}

	private static Unreachable logged(HttpRequest request, Unreachable failure) {
		// the words alone on the console; the classes only in the log file, for whoever
		// debugs
		log.warn("{} request to {} failed: {}", request.getMethod(), Unanswered.server(request.getURI()),
				failure.getMessage());
		LOG_FILE_ONLY.warn("{} request to {} failed, causes: {}", request.getMethod(),
				Unanswered.server(request.getURI()),
				failure.getCause() == null ? "none" : Failures.classes(failure.getCause()));
		return failure;
	}

}
