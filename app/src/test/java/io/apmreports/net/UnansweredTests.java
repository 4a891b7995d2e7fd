package io.apmreports.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.EOFException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/**
 * The words of the failures a local server cannot make on demand: a connect timeout, a
 * connection dropped midway, a server named without a port.
 */
class UnansweredTests {

	private static final URI WEBHOOK = URI.create("https://hooks.example.com/services/T0/B0/secret?token=s3cr3t");

	private static final Optional<ProxyAddress> PROXY = Optional.of(new ProxyAddress("proxy.example.com", 3128));

	@Test
	void aConnectTimeoutNamesWhatWasConnectedTo() {
		// given
		IOException timeout = new IOException("wrapped", new HttpConnectTimeoutException("HTTP connect timed out"));

		// then
		assertThat(Unanswered.words(timeout, WEBHOOK, Optional.empty()))
			.isEqualTo("timed out connecting to hooks.example.com:443");
		assertThat(Unanswered.words(timeout, WEBHOOK, PROXY))
			.isEqualTo("timed out connecting to proxy proxy.example.com:3128");
	}

	@Test
	void aConnectionDroppedMidwayNamesTheServerAndTheProxyInBetween() {
		// given
		IOException dropped = new IOException("HTTP/1.1 header parser received no bytes", new EOFException());

		// then
		assertThat(Unanswered.words(dropped, WEBHOOK, PROXY)).isEqualTo(
				"connection to hooks.example.com:443 through proxy proxy.example.com:3128 closed before the answer "
						+ "was complete");
	}

	@Test
	void aRefusedTunnelIsLastingAndNamedWithItsStatus() {
		// given what the JDK's client throws when a proxy answers CONNECT with 502
		IOException tunnel = new IOException("Tunnel failed, got: 502");

		// then
		assertThat(Unanswered.words(tunnel, WEBHOOK, PROXY))
			.isEqualTo("proxy proxy.example.com:3128 refused the tunnel to hooks.example.com:443: HTTP 502");
		assertThat(Unanswered.isLasting(tunnel)).isTrue();
		assertThat(Unanswered.isLasting(new IOException("Tunnel failed, got: 502 and more"))).isFalse();
	}

}
