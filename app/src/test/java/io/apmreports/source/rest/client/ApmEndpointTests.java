package io.apmreports.source.rest.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.URI;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.apmreports.failure.UserFacingException;
import io.apmreports.source.access.ApiKey;

/** The base URL rules that keep the key off the network in clear text. */
class ApmEndpointTests {

	private static final ApiKey KEY = new ApiKey("endpoint-secret-key");

	@ParameterizedTest
	@ValueSource(strings = { "https://api.example.com", "https://api.example.com:8443", "HTTPS://API.example.com",
			"https://10.0.0.1" })
	void httpsIsAccepted(String url) {
		// given an https base URL when an endpoint is made of it
		ApmEndpoint endpoint = new ApmEndpoint(URI.create(url), KEY);

		// then it is kept as given
		assertThat(endpoint.baseUrl()).isEqualTo(URI.create(url));
		assertThat(endpoint.apiKey()).isEqualTo(KEY);
	}

	@ParameterizedTest
	@ValueSource(strings = { "http://127.0.0.1:8080", "http://localhost:8080", "http://LOCALHOST", "http://[::1]:8080",
			"http://127.0.0.2" })
	void plainHttpToTheLoopbackInterfaceIsAccepted(String url) {
		// given a plain http base URL on the loopback interface (the sandbox) when an
		// endpoint is made of it
		ApmEndpoint endpoint = new ApmEndpoint(URI.create(url), KEY);

		// then it is accepted
		assertThat(endpoint.baseUrl()).isEqualTo(URI.create(url));
	}

	@ParameterizedTest
	@ValueSource(strings = { "http://example.com", "http://10.0.0.1", "http://api.example.com:80/",
			"http://127.0.0.1.example.com", "http://localhost.example.com", "http://0.0.0.0", "http://cafe",
			"http://beef" })
	void plainHttpElsewhereIsRefusedWithOneLine(String url) {
		// given a plain http base URL that leaves the machine when an endpoint is made of
		// it
		UserFacingException failure = catchThrowableOfType(UserFacingException.class,
				() -> new ApmEndpoint(URI.create(url), KEY));

		// then it is refused with one line that says why and never shows the key
		assertThat(failure).isNotNull();
		assertThat(failure.getMessage()).contains("https")
			.contains("clear text")
			.doesNotContain("\n")
			.doesNotContain(KEY.reveal());
	}

	@ParameterizedTest
	@ValueSource(strings = { "ftp://api.example.com", "api.example.com", "https://user:secret@api.example.com",
			"https://api.example.com/?x=1", "https://api.example.com/#top", "ftp://secret@x",
			"http://secret@example.com", "https://secret@host_name", "NRAK-secret-0123456789ABCDEF",
			"https://api.example.com/?secret", "mailto:secret@example.com" })
	void urlsThatAreNotPlainBaseUrlsAreRefusedWithoutEchoingWhatMayBeTheKey(String url) {
		// given something that is not a plain base URL when an endpoint is made of it
		UserFacingException failure = catchThrowableOfType(UserFacingException.class,
				() -> new ApmEndpoint(URI.create(url), KEY));

		// then it is refused with one line
		assertThat(failure).isNotNull();
		assertThat(failure.getMessage()).doesNotContain("\n").doesNotContain("secret");
	}

	@Test
	void aMissingBaseUrlOrKeyIsRefused() {
		// given no base URL, then no key when endpoints are made
		UserFacingException noUrl = catchThrowableOfType(UserFacingException.class, () -> new ApmEndpoint(null, KEY));
		UserFacingException noKey = catchThrowableOfType(UserFacingException.class,
				() -> new ApmEndpoint(URI.create("https://api.example.com"), null));

		// then both are refused, the first naming the setting
		assertThat(noUrl).isNotNull();
		assertThat(noUrl.getMessage()).contains("APM_BASE_URL");
		assertThat(noKey).isNotNull();
	}

	@Test
	void aTrailingSlashIsRemoved() {
		// given base URLs with a trailing slash when endpoints are made of them
		URI https = new ApmEndpoint(URI.create("https://api.example.com/"), KEY).baseUrl();
		URI withPath = new ApmEndpoint(URI.create("https://gateway.example.com/apm/"), KEY).baseUrl();
		URI sandbox = new ApmEndpoint(URI.create("http://127.0.0.1:8080/"), KEY).baseUrl();

		// then the slash is gone, so paths can be appended as "/v2/..."
		assertThat(https).hasToString("https://api.example.com");
		assertThat(withPath).hasToString("https://gateway.example.com/apm");
		assertThat(sandbox).hasToString("http://127.0.0.1:8080");
	}

	@Test
	void sameOriginMeansSameSchemeHostAndPort() {
		// given an https endpoint without an explicit port
		ApmEndpoint endpoint = new ApmEndpoint(URI.create("https://api.example.com"), KEY);

		// when addresses are compared with it then only the same scheme, host (in any
		// case) and port count, the default port included
		assertThat(endpoint.isSameOrigin(URI.create("https://api.example.com/v2/applications.json?page=2"))).isTrue();
		assertThat(endpoint.isSameOrigin(URI.create("https://API.EXAMPLE.COM:443/v2/x.json"))).isTrue();
		assertThat(endpoint.isSameOrigin(URI.create("http://api.example.com/v2/x.json"))).isFalse();
		assertThat(endpoint.isSameOrigin(URI.create("https://api.example.com:8443/v2/x.json"))).isFalse();
		assertThat(endpoint.isSameOrigin(URI.create("https://api.example.com.evil.example/v2/x.json"))).isFalse();
		assertThat(endpoint.isSameOrigin(URI.create("/v2/x.json"))).isFalse();
	}

	@Test
	void theKeyIsHiddenFromToString() {
		// given a key and an endpoint holding it
		ApiKey key = new ApiKey("  tostring-secret-key \n");
		ApmEndpoint endpoint = new ApmEndpoint(URI.create("https://api.example.com"), key);

		// when they are printed
		String printedKey = key.toString();
		String printedEndpoint = endpoint.toString();

		// then the key shows nowhere, yet reveal() gives it, stripped, for the header
		assertThat(printedKey).doesNotContain("tostring-secret-key");
		assertThat(printedEndpoint).doesNotContain("tostring-secret-key").contains("api.example.com");
		assertThat(key.reveal()).isEqualTo("tostring-secret-key");
		assertThat(key).isEqualTo(new ApiKey("tostring-secret-key"));
	}

}
