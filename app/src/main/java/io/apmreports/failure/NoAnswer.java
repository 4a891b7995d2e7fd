package io.apmreports.failure;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;

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
		Throwable cause = Failures
			.first(failure,
					ex -> ex instanceof SocketTimeoutException || ex instanceof HttpTimeoutException
							|| ex instanceof ConnectException || ex instanceof UnknownHostException
							|| ex instanceof UnresolvedAddressException || ex instanceof SSLException)
			.orElse(null);
		if (cause instanceof SocketTimeoutException || cause instanceof HttpTimeoutException) {
			return "timed out";
		}
		if (cause instanceof ConnectException) {
			return "connection refused";
		}
		if (cause instanceof UnknownHostException || cause instanceof UnresolvedAddressException) {
			return "unknown host";
		}
		if (cause instanceof SSLException) {
			return "TLS handshake failed";
		}
		return "connection closed before the answer was complete";
	}

}
