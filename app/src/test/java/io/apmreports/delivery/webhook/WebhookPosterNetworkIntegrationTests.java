package io.apmreports.delivery.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import io.apmreports.definition.Recipient;
import io.apmreports.net.Proxies;
import io.apmreports.testing.SelfSignedHttps;
import io.apmreports.testing.SilentServer;
import io.apmreports.testing.TestProxy;
import io.apmreports.testing.WebhookReceiver;

/**
 * The webhook poster against real servers on loopback: a channel reached through a proxy
 * or past it, and each way of getting no answer told in one line that names the host or
 * the proxy, never the webhook's secret path.
 */
class WebhookPosterNetworkIntegrationTests {

	private static final Recipient OPS = Recipient.parse("slack:ops");

	private static final String MESSAGE = "{\"text\":\"hello\",\"blocks\":[{\"type\":\"section\",\"text\":{\"type\":"
			+ "\"mrkdwn\",\"text\":\"hello\"}}]}";

	private static final String SECRET = "T000/B000/secret-token";

	private static final String NOT_SENT = "the message to slack:ops could not be sent after 1 attempt: ";

	private WebhookReceiver receiver;

	private TestProxy proxy;

	/** What the network's failures log during a test. */
	private final ListAppender<ILoggingEvent> log = new ListAppender<>();

	private final Logger failures = (Logger) LoggerFactory.getLogger("io.apmreports.net.NamedFailures");

	@BeforeEach
	void start() throws Exception {
		receiver = WebhookReceiver.start();
		proxy = TestProxy.start();
		log.start();
		failures.addAppender(log);
	}

	@AfterEach
	void stop() throws Exception {
		failures.detachAppender(log);
		proxy.close();
		receiver.close();
	}

	@Test
	void aMessageGoesThroughTheProxyThatHttpProxyNames() {
		// given
		WebhookPoster poster = poster(Map.of("HTTP_PROXY", proxy.url()));

		// when
		poster.post(OPS, url(receiver.url("slack", "ops")), MESSAGE, answer -> answer.status() == 200);

		// then
		assertThat(receiver.accepted("/slack/ops")).hasSize(1);
		assertThat(proxy.forwarded())
			.containsExactly("POST " + URI.create(receiver.url("slack", "ops")).getAuthority());
	}

	@Test
	void aHostThatNoProxyNamesIsReachedDirectly() {
		// given a suffix form and a star form would both match: the suffix is enough
		WebhookPoster poster = poster(Map.of("HTTP_PROXY", proxy.url(), "no_proxy", "example.com, 127.0.0.1"));

		// when
		poster.post(OPS, url(receiver.url("slack", "ops")), MESSAGE, answer -> answer.status() == 200);

		// then
		assertThat(receiver.accepted("/slack/ops")).hasSize(1);
		assertThat(proxy.forwarded()).isEmpty();
	}

	@Test
	void aProxyAskingForCredentialsFailsTheChannelAtOnceNamingTheProxy() {
		// given
		proxy.refuseWith(407);

		// when
		String said = failure(poster(Map.of("HTTP_PROXY", proxy.url())), receiver.url("slack", "ops"));

		// then
		assertThat(said).isEqualTo("the message to slack:ops could not be sent: proxy 127.0.0.1:" + proxy.port()
				+ " refused with HTTP 407: it asks for credentials, and proxy authentication is not supported");
		assertThat(receiver.accepted()).isEmpty();
	}

	@Test
	void aProxyWhosePortIsClosedIsNamedAsUnreachable() throws Exception {
		// given
		int closed = SilentServer.closedPort();

		// when
		String said = failure(poster(Map.of("HTTPS_PROXY", "127.0.0.1:" + closed)),
				"https://hooks.slack.example.com/services/" + SECRET);

		// then
		assertThat(said).isEqualTo(NOT_SENT + "proxy 127.0.0.1:" + closed + " unreachable: connection refused");
	}

	@Test
	void anUnknownHostIsNamedWithoutThePath() {
		// when
		String said = failure(poster(Map.of()), "https://hooks.apm-reports.invalid/services/" + SECRET);

		// then
		assertThat(said).isEqualTo(NOT_SENT + "unknown host hooks.apm-reports.invalid");
	}

	@Test
	void aRefusedConnectionNamesHostAndPortInWordsWithoutAClassName() throws Exception {
		// given
		int closed = SilentServer.closedPort();

		// when
		String said = failure(poster(Map.of()), "http://127.0.0.1:" + closed + "/slack/" + SECRET);

		// then
		assertThat(said).isEqualTo(NOT_SENT + "connection refused by 127.0.0.1:" + closed);
		assertThat(log.list).singleElement()
			.extracting(ILoggingEvent::getFormattedMessage)
			.asString()
			.contains("connection refused by 127.0.0.1:" + closed)
			.doesNotContain("java.", "Exception", "secret");
	}

	@Test
	void anUntrustedCertificateIsToldAsSuch(@TempDir Path dir) throws Exception {
		try (SelfSignedHttps https = SelfSignedHttps.start(dir)) {
			// when
			String said = failure(poster(Map.of()), "https://127.0.0.1:" + https.port() + "/slack/" + SECRET);

			// then
			assertThat(said)
				.isEqualTo(NOT_SENT + "TLS with 127.0.0.1:" + https.port() + " failed: certificate not trusted");
		}
	}

	@Test
	void aServiceThatNeverAnswersTimesOut() throws Exception {
		try (SilentServer silent = SilentServer.start()) {
			// when
			String said = failure(poster(Map.of(), Duration.ofMillis(300)),
					"http://127.0.0.1:" + silent.port() + "/slack/" + SECRET);

			// then
			assertThat(said).isEqualTo(NOT_SENT + "timed out waiting for 127.0.0.1:" + silent.port());
		}
	}

	private static String failure(WebhookPoster poster, String url) {
		WebhookException failure = catchThrowableOfType(WebhookException.class,
				() -> poster.post(OPS, url(url), MESSAGE, answer -> answer.status() == 200));
		assertThat(failure).hasNoCause();
		assertThat(failure.getMessage()).doesNotContain("secret").doesNotContain("Exception");
		return failure.getMessage();
	}

	private static WebhookPoster poster(Map<String, String> environment) {
		// long enough for a first TLS handshake on a busy machine
		return poster(environment, Duration.ofSeconds(20));
	}

	private static WebhookPoster poster(Map<String, String> environment, Duration readTimeout) {
		return new WebhookPoster(1, Duration.ZERO, readTimeout, () -> Proxies.of(environment, new Properties()));
	}

	private static WebhookUrl url(String url) {
		return new WebhookUrl(URI.create(url));
	}

}
