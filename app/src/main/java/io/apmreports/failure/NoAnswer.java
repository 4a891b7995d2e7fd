package io.apmreports.failure;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.util.Optional;

import javax.net.ssl.SSLException;

/**
 * Why a request got no answer, in a user's words: a class name of the JDK's means nothing
 * to the reader, and the failure's own message may carry the URL.
 */
public final class NoAnswer {

	private NoAnswer() {
	}

	/**
	 * The first cause in the chain that says what happened: the outermost, as Java's
	 * HttpClient wraps a refused connection's {@code ConnectException} around a
	 * {@code ClosedChannelException} that says less.
	 */
	public static String why(Throwable failure) {
		Optional<Unreachable> named = Failures.find(failure, Unreachable.class);
		if (named.isPresent()) {
			return named.get().getMessage();
		}
		Throwable cause = Failures
			.first(failure,
					ex -> ex instanceof SocketTimeoutException || ex instanceof HttpTimeoutException
							|| ex instanceof ConnectException || ex instanceof UnknownHostException
							|| ex instanceof UnresolvedAddressException || ex instanceof SSLException)
			.orElse(null);
		if (cause instanceof SocketTimeoutException || cause instanceof HttpTimeoutException) {
			return "timed out";
		}
		if (isUnknownHost(failure)) {
			return "unknown host";
		}
		if (cause instanceof ConnectException) {
			return "connection refused";
		}
		if (cause instanceof SSLException) {
			return "TLS failed: " + tlsKind(cause);
		}
		return "connection closed before the answer was complete";
	}

	/**
	 * Whether the name did not resolve: Java's HttpClient tells it as a refused
	 * connection around an unresolved address.
	 */
	public static boolean isUnknownHost(Throwable failure) {
		return Failures
			.first(failure, ex -> ex instanceof UnknownHostException || ex instanceof UnresolvedAddressException)
			.isPresent();
	}

	/**
	 * What went wrong in a TLS handshake, from the kinds of its causes: the messages name
	 * hosts and, in some providers, URLs.
	 */
	public static String tlsKind(Throwable failure) {
		if (Failures.first(failure, ex -> ex instanceof CertificateExpiredException).isPresent()) {
			return "certificate expired";
		}
		if (Failures
			.first(failure, ex -> ex instanceof CertPathBuilderException || ex instanceof CertPathValidatorException)
			.isPresent()) {
			return "certificate not trusted";
		}
		// the JDK's hostname check throws a bare CertificateException; its kind is in
		// its fixed opening words, the host after them
		if (Failures.first(failure,
				ex -> ex.getClass() == CertificateException.class && ex.getMessage() != null
						&& (ex.getMessage().startsWith("No subject alternative")
								|| ex.getMessage().startsWith("No name matching")))
			.isPresent()) {
			return "hostname mismatch (the certificate names another host)";
		}
		return "handshake failed";
	}

}
