package io.apmreports.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.URI;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import io.apmreports.failure.UserFacingException;

class ProxiesTests {

	private static final ProxyAddress CORPORATE = new ProxyAddress("proxy.corp.example", 3128);

	@Test
	void httpsAndHttpEachTakeTheirOwnVariableLowerCaseFirst() {
		// given
		Proxies proxies = Proxies.of(Map.of("https_proxy", "http://proxy.corp.example:3128", "HTTPS_PROXY",
				"http://other.example:1", "HTTP_PROXY", "plain.example:8080"), new Properties());

		// then
		assertThat(proxies.proxyFor(URI.create("https://api.newrelic.com/v2"))).contains(CORPORATE);
		assertThat(proxies.proxyFor(URI.create("http://intranet.example:8080/v2")))
			.contains(new ProxyAddress("plain.example", 8080));
	}

	@Test
	void theSelectorHandsTheJdkAnUnresolvedAddressSoAnUnknownProxyIsToldAsSuch() {
		// given
		Proxies proxies = Proxies.of(Map.of("HTTPS_PROXY", "http://proxy.corp.example:3128"), new Properties());

		// then
		assertThat(proxies.select(URI.create("https://api.newrelic.com"))).containsExactly(
				new Proxy(Proxy.Type.HTTP, InetSocketAddress.createUnresolved("proxy.corp.example", 3128)));
		assertThat(Proxies.none().select(URI.create("https://api.newrelic.com"))).containsExactly(Proxy.NO_PROXY);
	}

	@ParameterizedTest
	@CsvSource({ "api.newrelic.com, true", "newrelic.com, true", "api.eu.newrelic.com, true", "notnewrelic.com, false",
			"insights.example.org, false", "INTERNAL.corp, true", "10.1.2.3, true", "10.1.2.30, false" })
	void noProxyNamesHostsAndTheNamesUnderThem(String host, boolean direct) {
		// given a leading dot, a bare domain and an address
		Proxies proxies = Proxies.of(Map.of("HTTPS_PROXY", "http://proxy.corp.example:3128", "NO_PROXY",
				".newrelic.com, internal.corp,,10.1.2.3"), new Properties());

		// then
		assertThat(proxies.proxyFor(URI.create("https://" + host + "/v2")).isEmpty()).isEqualTo(direct);
	}

	@Test
	void aStarInNoProxySendsEverythingDirect() {
		// given
		Proxies proxies = Proxies.of(Map.of("HTTPS_PROXY", "http://proxy.corp.example:3128", "no_proxy", "*"),
				new Properties());

		// then
		assertThat(proxies.proxyFor(URI.create("https://api.newrelic.com"))).isEmpty();
	}

	@Test
	void loopbackGoesThroughALoopbackProxyUnlessNoProxyNamesItAndNeverThroughAProxyElsewhere() {
		// given
		Map<String, String> local = Map.of("HTTP_PROXY", "http://127.0.0.1:3128");
		Map<String, String> excepted = Map.of("HTTP_PROXY", "http://127.0.0.1:3128", "NO_PROXY", "localhost,127.0.0.1");
		Map<String, String> corporate = Map.of("HTTP_PROXY", "http://proxy.corp.example:3128");

		// then a proxy on this machine is used for its loopback as curl would, and a
		// proxy elsewhere, which would reach its own loopback, is not
		assertThat(Proxies.of(local, new Properties()).proxyFor(URI.create("http://127.0.0.1:8080")))
			.contains(new ProxyAddress("127.0.0.1", 3128));
		assertThat(Proxies.of(excepted, new Properties()).proxyFor(URI.create("http://127.0.0.1:8080"))).isEmpty();
		assertThat(Proxies.of(corporate, new Properties()).proxyFor(URI.create("http://127.0.0.1:8080"))).isEmpty();
		assertThat(Proxies.of(corporate, new Properties()).proxyFor(URI.create("http://localhost:8080"))).isEmpty();
		assertThat(Proxies.of(corporate, new Properties()).proxyFor(URI.create("http://[::1]:8080"))).isEmpty();
		assertThat(Proxies.of(corporate, new Properties()).proxyFor(URI.create("http://intranet.example:8080")))
			.contains(CORPORATE);
	}

	@Test
	void systemPropertiesWinOverTheEnvironmentWithTheJdksOwnExceptions() {
		// given
		Properties properties = new Properties();
		properties.setProperty("https.proxyHost", "jdk.corp.example");
		properties.setProperty("https.proxyPort", "8443");
		Proxies proxies = Proxies.of(Map.of("HTTPS_PROXY", "http://proxy.corp.example:3128", "NO_PROXY", "*"),
				properties);

		// then NO_PROXY belongs to HTTPS_PROXY, and the JDK skips loopback by default
		assertThat(proxies.proxyFor(URI.create("https://api.newrelic.com")))
			.contains(new ProxyAddress("jdk.corp.example", 8443));
		assertThat(proxies.proxyFor(URI.create("https://127.0.0.1:8443"))).isEmpty();
		assertThat(proxies.proxyFor(URI.create("https://localhost:8443"))).isEmpty();
	}

	@Test
	void nonProxyHostsTakesTheJdksPatterns() {
		// given
		Properties properties = new Properties();
		properties.setProperty("http.proxyHost", "jdk.corp.example");
		properties.setProperty("https.proxyHost", "jdk.corp.example");
		properties.setProperty("http.nonProxyHosts", "*.newrelic.com|intranet*");

		// when
		Proxies proxies = Proxies.of(Map.of(), properties);

		// then the ports are the JDK's defaults, and loopback is no longer excepted, but
		// for a proxy elsewhere, which cannot reach this machine's loopback
		assertThat(proxies.proxyFor(URI.create("https://api.newrelic.com"))).isEmpty();
		assertThat(proxies.proxyFor(URI.create("http://intranet.local"))).isEmpty();
		assertThat(proxies.proxyFor(URI.create("https://hooks.slack.com")))
			.contains(new ProxyAddress("jdk.corp.example", 443));
		assertThat(proxies.proxyFor(URI.create("http://127.0.0.1:8080"))).isEmpty();
		assertThat(proxies.proxyFor(URI.create("http://wiki.local")))
			.contains(new ProxyAddress("jdk.corp.example", 80));
	}

	@Test
	void aProxyUrlWithoutAPortTakesCurlsDefault() {
		assertThat(Proxies.of(Map.of("HTTPS_PROXY", "http://proxy.corp.example/"), new Properties())
			.proxyFor(URI.create("https://api.newrelic.com"))).contains(new ProxyAddress("proxy.corp.example", 1080));
	}

	@ParameterizedTest
	@ValueSource(strings = { "http://alice:s3cr3t-pw@proxy.corp.example:3128", "http://s3cr3t-pw@proxy.corp.example",
			"alice:s3cr3t-pw@proxy.corp.example:3128" })
	void aProxyWithCredentialsIsRefusedWithoutEchoingThem(String url) {
		assertThatThrownBy(() -> Proxies.of(Map.of("HTTPS_PROXY", url), new Properties()))
			.isInstanceOf(UserFacingException.class)
			.hasMessage("HTTPS_PROXY carries a user name or password: proxy authentication is not supported, so it "
					+ "is neither used nor shown; name a proxy that lets the tool through without it")
			.hasNoCause();
	}

	@ParameterizedTest
	@ValueSource(strings = { "https://proxy.corp.example:3128", "socks5://proxy.corp.example:1080",
			"http://proxy.corp.example:3128/path?token=s3cr3t-pw", "http://proxy corp" })
	void anythingButAPlainHttpProxyUrlIsRefusedWithoutEchoingIt(String url) {
		assertThatThrownBy(() -> Proxies.of(Map.of("http_proxy", url), new Properties()))
			.isInstanceOf(UserFacingException.class)
			.hasMessage("http_proxy is not an http:// proxy URL such as http://proxy.example.com:3128 (https:// and "
					+ "socks proxies are not supported)")
			.hasNoCause();
	}

	@Test
	void aBadPortInASystemPropertyIsRefused() {
		// given
		Properties properties = new Properties();
		properties.setProperty("https.proxyHost", "jdk.corp.example");
		properties.setProperty("https.proxyPort", "99999");

		// then
		assertThatThrownBy(() -> Proxies.of(Map.of(), properties))
			.hasMessage("https.proxyPort is not a port number (1 to 65535)");
	}

	@Test
	void theDescriptionNamesProxiesAndSettingsOnly() {
		// given
		Proxies proxies = Proxies.of(Map.of("HTTPS_PROXY", "http://proxy.corp.example:3128"), new Properties());

		// then
		assertThat(proxies).hasToString("https through proxy proxy.corp.example:3128 (HTTPS_PROXY), http direct");
	}

}
