package io.apmreports.web.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.TestConsole;
import io.apmreports.testing.TestSandbox;

/**
 * A console that speaks TLS itself, given only its key store as an operator would: its
 * session cookie is {@code Secure}, so no browser sends it over plain HTTP.
 */
class TlsSessionCookieIntegrationTests {

	private static final String PASSWORD = "changeit";

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo("tls-cookie-key"));

	@TempDir
	Path workDir;

	@Test
	void overTlsTheSessionCookieIsSecure() throws Exception {
		// given a console with a key store (server.ssl.enabled is never set)
		Path keyStore = keyStore();
		List<String> settings = new ArrayList<>(sandbox.arguments(workDir));
		settings.addAll(List.of("--server.ssl.key-store=" + keyStore, "--server.ssl.key-store-password=" + PASSWORD,
				"--server.ssl.key-store-type=PKCS12"));
		try (TestConsole console = TestConsole.start(settings, workDir.resolve("users.yml"))) {
			URI login = URI.create(console.url("/login").toString().replace("http:", "https:"));

			// when its login page is fetched, which starts a session
			HttpResponse<String> page = client(keyStore).send(HttpRequest.newBuilder(login).build(),
					HttpResponse.BodyHandlers.ofString());

			// then the session cookie is Secure, HttpOnly and SameSite
			assertThat(page.statusCode()).isEqualTo(200);
			assertThat(page.headers().allValues("Set-Cookie")).filteredOn(cookie -> cookie.startsWith("JSESSIONID="))
				.singleElement()
				.satisfies(cookie -> assertThat(cookie).contains("Secure", "HttpOnly")
					.containsIgnoringCase("SameSite=Lax"));
		}
	}

	private Path keyStore() throws Exception {
		Path store = workDir.resolve("console.p12");
		Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
				"-genkeypair", "-alias", "console", "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=127.0.0.1",
				"-ext", "SAN=ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12", "-keystore", store.toString(),
				"-storepass", PASSWORD, "-keypass", PASSWORD)
			.redirectErrorStream(true)
			.start();
		String said = new String(keytool.getInputStream().readAllBytes());
		assertThat(keytool.waitFor()).as(said).isZero();
		return store;
	}

	/** A client that trusts the console's own certificate, and no other. */
	private static HttpClient client(Path keyStore) throws Exception {
		KeyStore trusted = KeyStore.getInstance("PKCS12");
		try (InputStream in = Files.newInputStream(keyStore)) {
			trusted.load(in, PASSWORD.toCharArray());
		}
		TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
		trust.init(trusted);
		SSLContext tls = SSLContext.getInstance("TLS");
		tls.init(null, trust.getTrustManagers(), null);
		return HttpClient.newBuilder().sslContext(tls).build();
	}

}
