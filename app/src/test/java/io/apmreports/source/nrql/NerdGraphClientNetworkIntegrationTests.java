package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.client.RestClient;

import io.apmreports.net.Proxies;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.source.access.ApiKey;
import io.apmreports.source.access.RequestPacer;
import io.apmreports.source.access.RetryPolicy;
import io.apmreports.testing.TestProxy;

/**
 * The NerdGraph client as the application builds it, through a real proxy on loopback and
 * refused by it.
 */
class NerdGraphClientNetworkIntegrationTests {

	private SandboxServer sandbox;

	private TestProxy proxy;

	@BeforeEach
	void start() throws Exception {
		sandbox = SandboxServer.start(SandboxOptions.demo("network-key"));
		proxy = TestProxy.start();
	}

	@AfterEach
	void stop() throws Exception {
		proxy.close();
		sandbox.close();
	}

	@Test
	void aQueryGoesThroughTheProxyThatHttpProxyNames() {
		// given
		NerdGraphClient client = client(Map.of("HTTP_PROXY", proxy.url()));

		// when
		Optional<String> name = client.accountName(SandboxOptions.DEMO_ACCOUNT_ID);

		// then
		assertThat(name).contains("Demo production");
		assertThat(proxy.forwarded()).containsExactly("POST 127.0.0.1:" + sandbox.baseUrl().getPort());
	}

	@Test
	void aProxyAskingForCredentialsStopsTheRunNamingTheProxy() {
		// given
		proxy.refuseWith(407);
		NerdGraphClient client = client(Map.of("HTTP_PROXY", proxy.url()));

		// when
		NerdGraphException failure = catchThrowableOfType(NerdGraphException.class,
				() -> client.accountName(SandboxOptions.DEMO_ACCOUNT_ID));

		// then
		assertThat(failure).isInstanceOf(NerdGraphException.Refused.class)
			.hasMessage("account " + SandboxOptions.DEMO_ACCOUNT_ID + " request: proxy 127.0.0.1:" + proxy.port()
					+ " refused with HTTP 407: it asks for "
					+ "credentials, and proxy authentication is not supported");
	}

	private NerdGraphClient client(Map<String, String> environment) {
		NerdGraphEndpoint endpoint = new NerdGraphEndpoint(sandbox.baseUrl().resolve("/graphql"),
				new ApiKey("network-key"), SandboxOptions.DEMO_ACCOUNT_ID);
		RestClient rest = NerdGraphClient.restClient(RestClient.builder(), endpoint.graphqlUrl(), Duration.ofSeconds(2),
				Duration.ofSeconds(30), Proxies.of(environment, new Properties()));
		return new NerdGraphClient(rest, endpoint, RetryPolicy.none(), RequestPacer.unlimited(), 1,
				Duration.ofSeconds(30));
	}

}
