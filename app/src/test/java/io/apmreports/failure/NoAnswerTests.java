package io.apmreports.failure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.UnresolvedAddressException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertificateException;

import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

import org.junit.jupiter.api.Test;
import org.springframework.web.client.ResourceAccessException;

class NoAnswerTests {

	@Test
	void noAnswerIsSaidInAUsersWordsWithoutTheJdksClassNames() {
		assertThat(NoAnswer.why(wrapped(new SocketTimeoutException("Read timed out")))).isEqualTo("timed out");
		assertThat(NoAnswer.why(wrapped(new ConnectException("Connection refused")))).isEqualTo("connection refused");
		assertThat(NoAnswer.why(wrapped(new UnknownHostException("api.example.com")))).isEqualTo("unknown host");
		assertThat(NoAnswer.why(wrapped(new ClosedChannelException())))
			.isEqualTo("connection closed before the answer was complete")
			.doesNotContain("Exception");
	}

	@Test
	void theOutermostCauseThatSaysWhatHappenedIsTheOneTold() {
		// given Java's HttpClient: a refused connection around the channel it closed, an
		// unknown host as an unresolved address under a plain I/O failure
		ConnectException refused = new ConnectException();
		refused.initCause(new ClosedChannelException());
		IOException unresolved = new IOException("x");
		unresolved.initCause(new UnresolvedAddressException());

		// then
		assertThat(NoAnswer.why(wrapped(refused))).isEqualTo("connection refused");
		assertThat(NoAnswer.why(wrapped(unresolved))).isEqualTo("unknown host");
	}

	@Test
	void anUnresolvedNameUnderTheRefusedConnectionJavasHttpClientReportsIsAnUnknownHost() {
		// given what Java 17's HttpClient throws for a name that does not resolve
		ConnectException refused = new ConnectException();
		refused.initCause(new UnresolvedAddressException());

		// then
		assertThat(NoAnswer.why(wrapped(refused))).isEqualTo("unknown host");
	}

	@Test
	void aTlsFailureIsToldByItsKindNeverByItsMessage() {
		// given the JDK's three ways a handshake fails, each message naming a host
		SSLHandshakeException untrusted = handshake(
				new CertPathBuilderException("unable to find valid certification path to https://hooks.example.com/s"));
		SSLHandshakeException mismatch = handshake(
				new CertificateException("No subject alternative DNS name matching hooks.example.com found."));
		SSLHandshakeException other = handshake(new SSLException("Received fatal alert: handshake_failure"));

		// then
		assertThat(NoAnswer.why(wrapped(untrusted))).isEqualTo("TLS failed: certificate not trusted");
		assertThat(NoAnswer.why(wrapped(mismatch)))
			.isEqualTo("TLS failed: hostname mismatch (the certificate names another host)");
		assertThat(NoAnswer.why(wrapped(other))).isEqualTo("TLS failed: handshake failed");
	}

	@Test
	void aFailureAlreadyToldInWordsIsToldSo() {
		// given
		IOException told = new Unreachable("connection refused by 127.0.0.1:1", false, new ConnectException());

		// then
		assertThat(NoAnswer.why(wrapped(told))).isEqualTo("connection refused by 127.0.0.1:1");
	}

	private static SSLHandshakeException handshake(Throwable cause) {
		SSLHandshakeException handshake = new SSLHandshakeException("PKIX path building failed");
		handshake.initCause(cause);
		return handshake;
	}

	private static ResourceAccessException wrapped(IOException cause) {
		return new ResourceAccessException("I/O error on GET request for \"https://hooks.example.com/secret\"", cause);
	}

}
