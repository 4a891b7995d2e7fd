package io.apmreports.source.rest.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.web.client.RestClient;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.net.Proxies;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.source.SourceProperties;
import io.apmreports.source.access.ApiKey;
import io.apmreports.testing.BoundSettings;
import io.apmreports.testing.SelfSignedHttps;
import io.apmreports.testing.SilentServer;
import io.apmreports.testing.TestProxy;

/**
 * The REST client as the application builds it, against real servers on loopback: the
 * sandbox reached through a proxy or past it, and each way of getting no answer told in
 * the one line the user reads, naming the host or the proxy and never the URL.
 */
class ApmClientNetworkIntegrationTests {

	private static final String KEY = "network-secret-key-0815";

	private static final String LIST = "GET /v2/applications.json";

	private static SandboxServer sandbox;

	private TestProxy proxy;

	@BeforeAll
	static void startSandbox() {
		sandbox = SandboxServer.start(SandboxOptions.demo(KEY));
	}

	@AfterAll
	static void stopSandbox() {
		sandbox.close();
	}

	@BeforeEach
	void startProxy() throws Exception {
		proxy = TestProxy.start();
	}

	@AfterEach
	void stopProxy() throws Exception {
		proxy.close();
	}

	@Test
	void aRequestGoesThroughTheProxyThatHttpProxyNames() {
		// given
		ApmClient client = client(sandbox.baseUrl(), Map.of("HTTP_PROXY", proxy.url()));

		// when
		Application first = client.applications(ApplicationFilter.all()).next();

		// then
		assertThat(first.name()).isNotBlank();
		assertThat(proxy.forwarded()).containsExactly("GET 127.0.0.1:" + sandbox.baseUrl().getPort());
	}

	@Test
	void aHostThatNoProxyNamesIsReachedDirectly() {
		// given
		ApmClient client = client(sandbox.baseUrl(), Map.of("http_proxy", proxy.url(), "NO_PROXY", "127.0.0.1"));

		// when
		Application first = client.applications(ApplicationFilter.all()).next();

		// then
		assertThat(first.name()).isNotBlank();
		assertThat(proxy.forwarded()).isEmpty();
	}

	@Test
	void aProxyAskingForCredentialsIsNamedAsTheProxyRefusingAndStopsTheRun() {
		// given
		proxy.refuseWith(407);
		ApmClient client = client(sandbox.baseUrl(), Map.of("HTTP_PROXY", proxy.url()));

		// when
		ApmException failure = failure(client);

		// then
		assertThat(failure).isInstanceOf(ApmException.Authentication.class)
			.hasMessage(LIST + ": proxy 127.0.0.1:" + proxy.port()
					+ " refused with HTTP 407: it asks for credentials, and proxy authentication is not supported");
		assertThat(proxy.forwarded()).isEmpty();
	}

	@Test
	void aProxyRefusingTheTunnelIsNamedWithItsStatus(@TempDir Path dir) throws Exception {
		// given an https service behind a proxy that refuses CONNECT
		proxy.refuseWith(403);
		try (SelfSignedHttps https = SelfSignedHttps.start(dir)) {
			ApmClient client = client(URI.create("https://127.0.0.1:" + https.port()),
					Map.of("HTTPS_PROXY", proxy.url()));

			// then
			assertThat(failure(client)).isInstanceOf(ApmException.Authentication.class)
				.hasMessage(LIST + ": proxy 127.0.0.1:" + proxy.port() + " refused the tunnel to 127.0.0.1:"
						+ https.port() + ": HTTP 403");
		}
	}

	@Test
	void aProxyWhosePortIsClosedIsNamedAsUnreachable() throws Exception {
		// given
		int closed = SilentServer.closedPort();
		ApmClient client = client(sandbox.baseUrl(), Map.of("HTTP_PROXY", "http://127.0.0.1:" + closed));

		// then
		assertThat(failure(client)).isInstanceOf(ApmException.Transient.class)
			.hasMessage(LIST + ": no answer (proxy 127.0.0.1:" + closed + " unreachable: connection refused)");
	}

	@Test
	void aProxyWhoseNameDoesNotResolveIsNamedAsUnreachable() {
		// given a service elsewhere (a proxy elsewhere is never asked for loopback)
		ApmClient client = client(URI.create("https://api.apm-reports.invalid"),
				Map.of("HTTPS_PROXY", "http://proxy.apm-reports.invalid:3128"));

		// then
		assertThat(failure(client)).hasMessage(LIST
				+ ": no answer (proxy proxy.apm-reports.invalid:3128 unreachable: unknown host proxy.apm-reports.invalid)");
	}

	@Test
	void anUnknownHostIsNamed() {
		// given
		ApmClient client = client(URI.create("https://api.apm-reports.invalid"), Map.of());

		// then
		assertThat(failure(client)).hasMessage(LIST + ": no answer (unknown host api.apm-reports.invalid)");
	}

	@Test
	void aRefusedConnectionNamesHostAndPort() throws Exception {
		// given
		int closed = SilentServer.closedPort();
		ApmClient client = client(URI.create("http://127.0.0.1:" + closed), Map.of());

		// then
		assertThat(failure(client)).hasMessage(LIST + ": no answer (connection refused by 127.0.0.1:" + closed + ")");
	}

	@Test
	void anUntrustedCertificateIsToldAsSuchThroughTheProxysTunnel(@TempDir Path dir) throws Exception {
		// given
		try (SelfSignedHttps https = SelfSignedHttps.start(dir)) {
			ApmClient client = client(URI.create("https://127.0.0.1:" + https.port()),
					Map.of("HTTPS_PROXY", proxy.url()));

			// then the tunnel was made, and the handshake through it failed
			assertThat(failure(client)).hasMessage(
					LIST + ": no answer (TLS with 127.0.0.1:" + https.port() + " failed: certificate not trusted)");
			assertThat(proxy.forwarded()).containsExactly("CONNECT 127.0.0.1:" + https.port());
		}
	}

	@Test
	void aServerThatNeverAnswersTimesOut() throws Exception {
		// given
		try (SilentServer silent = SilentServer.start()) {
			ApmClient client = client(URI.create("http://127.0.0.1:" + silent.port()), Map.of(), "300ms");

			// then
			assertThat(failure(client))
				.hasMessage(LIST + ": no answer (timed out waiting for 127.0.0.1:" + silent.port() + ")");
		}
	}

	private static ApmException failure(ApmClient client) {
		ApmException failure = catchThrowableOfType(ApmException.class,
				() -> client.applications(ApplicationFilter.all()).next());
		assertThat(failure.getMessage()).doesNotContain(KEY).doesNotContain("?").doesNotContain("Exception");
		return failure;
	}

	/**
	 * A client built as the application builds it, one attempt, a read timeout long
	 * enough for a first TLS handshake on a busy machine.
	 */
	private static ApmClient client(URI baseUrl, Map<String, String> environment) {
		return client(baseUrl, environment, "20s");
	}

	private static ApmClient client(URI baseUrl, Map<String, String> environment, String readTimeout) {
		SourceProperties properties = BoundSettings.bind("apm", SourceProperties.class,
				Map.of("apm.read-timeout", readTimeout, "apm.retry.max-attempts", "1"));
		return ApmConfiguration.client(RestClient.builder(), new ApmEndpoint(baseUrl, new ApiKey(KEY)), properties,
				Proxies.of(environment, new Properties()));
	}

}
