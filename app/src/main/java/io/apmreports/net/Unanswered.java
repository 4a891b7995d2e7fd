package io.apmreports.net;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.util.Optional;
import java.util.regex.Pattern;

import javax.net.ssl.SSLException;

import io.apmreports.failure.Failures;
import io.apmreports.failure.NoAnswer;

/**
 * A failure to get an answer in a user's words, naming the server by host and port (never
 * the URL, whose path and query may be secret) or the proxy in the way.
 */
final class Unanswered {

	/**
	 * What the JDK's client says when a proxy refuses a CONNECT: fixed words and the
	 * status, no URL.
	 */
	private static final Pattern TUNNEL_REFUSED = Pattern.compile("Tunnel failed, got: \\d{3}");

	private Unanswered() {
	}

	static String words(Throwable failure, URI target, Optional<ProxyAddress> proxy) {
		String server = server(target);
		Optional<String> tunnel = tunnelStatus(failure);
		if (proxy.isPresent() && tunnel.isPresent()) {
			return "proxy " + proxy.get() + " refused the tunnel to " + server + ": HTTP " + tunnel.get();
		}
		if (Failures.find(failure, HttpConnectTimeoutException.class).isPresent()) {
			return "timed out connecting to " + proxy.map(address -> "proxy " + address).orElse(server);
		}
		if (Failures.first(failure, ex -> ex instanceof HttpTimeoutException || ex instanceof SocketTimeoutException)
			.isPresent()) {
			return "timed out waiting for " + server + proxy.map(address -> " through proxy " + address).orElse("");
		}
		if (NoAnswer.isUnknownHost(failure)) {
			return proxy.map(address -> "proxy " + address + " unreachable: unknown host " + address.host())
				.orElse("unknown host " + target.getHost());
		}
		if (Failures.find(failure, ConnectException.class).isPresent()) {
			return proxy.map(address -> "proxy " + address + " unreachable: connection refused")
				.orElse("connection refused by " + server);
		}
		if (Failures.find(failure, SSLException.class).isPresent()) {
			return "TLS with " + server + " failed: " + NoAnswer.tlsKind(failure);
		}
		return "connection to " + server + proxy.map(address -> " through proxy " + address).orElse("")
				+ " closed before the answer was complete";
	}

	/** Whether trying again cannot help: a proxy that refuses will refuse again. */
	static boolean isLasting(Throwable failure) {
		return tunnelStatus(failure).isPresent();
	}

	/** A proxy's 407: it wants credentials, which the tool never sends. */
	static String proxyWantsCredentials(ProxyAddress proxy) {
		return "proxy " + proxy + " refused with HTTP 407: it asks for credentials, and proxy authentication is "
				+ "not supported";
	}

	/**
	 * The server as messages name it: host and port, the scheme's port when none is
	 * given.
	 */
	static String server(URI target) {
		int port = target.getPort() != -1 ? target.getPort() : "https".equalsIgnoreCase(target.getScheme()) ? 443 : 80;
		return target.getHost() + ":" + port;
	}

	private static Optional<String> tunnelStatus(Throwable failure) {
		return Failures
			.first(failure, ex -> ex.getMessage() != null && TUNNEL_REFUSED.matcher(ex.getMessage()).matches())
			.map(ex -> ex.getMessage().substring(ex.getMessage().length() - 3));
	}

}
