package io.apmreports.delivery.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.apmreports.definition.Recipient;
import io.apmreports.failure.UserFacingException;
import io.apmreports.net.Proxies;
import io.apmreports.testing.WebhookReceiver;

class WebhookPosterTests {

	private static final Recipient OPS = Recipient.parse("slack:ops");

	private static final String MESSAGE = "{\"text\":\"hello\",\"blocks\":[{\"type\":\"section\",\"text\":{\"type\":"
			+ "\"mrkdwn\",\"text\":\"hello\"}}]}";

	private WebhookReceiver receiver;

	private final WebhookPoster poster = new WebhookPoster(3, Duration.ZERO, Duration.ofSeconds(30), Proxies::none);

	@BeforeEach
	void start() throws Exception {
		receiver = WebhookReceiver.start();
	}

	@AfterEach
	void stop() {
		receiver.close();
	}

	@Test
	void aRateLimitIsWaitedOutAsTheServiceAsksAndTheMessagePostedOnce() {
		// given Slack answers 429 with Retry-After: 0, then 503
		receiver.script("/slack/ops", new WebhookReceiver.Answer(429, "rate_limited", "0"),
				new WebhookReceiver.Answer(503, "", null));

		// when
		poster.post(OPS, url("slack", "ops"), MESSAGE, answer -> answer.status() == 200);

		// then the third try went through
		assertThat(receiver.accepted("/slack/ops")).hasSize(1);
	}

	@Test
	void aRefusedWebhookFailsAtOnceInOneLineThatNamesTheChannelAndNotTheUrl() {
		// given
		receiver.script("/slack/ops", new WebhookReceiver.Answer(404, "no_service", null),
				new WebhookReceiver.Answer(200, "ok", null));

		// when / then: not tried again, so the second answer is still waiting
		assertThatThrownBy(() -> poster.post(OPS, url("slack", "ops"), MESSAGE, answer -> answer.status() == 200))
			.isInstanceOf(WebhookException.class)
			.hasMessage("Slack refused the message to slack:ops (HTTP 404 no_service): the webhook is gone or may not "
					+ "post there; make a new one and put it in APM_SLACK_WEBHOOK_OPS or the file of "
					+ "delivery.slack-webhook-files.ops")
			.hasNoCause();
		assertThat(receiver.accepted()).isEmpty();
	}

	@Test
	void aServiceThatStaysDownFailsAfterTheAttempts() {
		// given
		receiver.script("/teams/finance", new WebhookReceiver.Answer(502, "", null),
				new WebhookReceiver.Answer(502, "", null), new WebhookReceiver.Answer(502, "", null));

		// when / then
		assertThatThrownBy(() -> poster.post(Recipient.parse("teams:finance"), url("teams", "finance"), MESSAGE,
				answer -> answer.status() == 202))
			.hasMessage("the message to teams:finance could not be sent after 3 attempts: HTTP 502");
	}

	@Test
	void aClosedPortIsToldAsARefusedConnectionWithoutTheUrl() throws Exception {
		// given a port nobody listens on
		int port;
		try (ServerSocket socket = new ServerSocket(0)) {
			port = socket.getLocalPort();
		}
		WebhookUrl closed = new WebhookUrl(URI.create("http://127.0.0.1:" + port + "/slack/secret-path-T0/B0/XYZ"));

		// when / then
		assertThatThrownBy(() -> poster.post(OPS, closed, MESSAGE, answer -> true))
			.hasMessage("the message to slack:ops could not be sent after 3 attempts: connection refused by 127.0.0.1:"
					+ port)
			.hasNoCause();
		assertThat(closed.toString()).isEqualTo("webhook at 127.0.0.1").doesNotContain("secret-path");
	}

	@Test
	void aProxySettingThatIsRefusedIsToldWhenChannelsAreCheckedNotWhenThePosterIsMade() {
		// given a proxy URL with a password; making the poster does not refuse it
		WebhookPoster behindCredentials = new WebhookPoster(1, Duration.ZERO, Duration.ofSeconds(1), () -> Proxies
			.of(Map.of("HTTPS_PROXY", "http://alice:s3cr3t-pw@proxy.example.com:3128"), new Properties()));

		// when / then
		assertThatThrownBy(behindCredentials::check).isInstanceOf(UserFacingException.class)
			.hasMessageStartingWith(
					"HTTPS_PROXY carries a user name or password: proxy authentication is not " + "supported")
			.message()
			.doesNotContain("s3cr3t");
	}

	@Test
	void onlySecondsAreTakenFromRetryAfter() {
		assertThat(WebhookPoster.retryAfter("12")).isEqualTo(Duration.ofSeconds(12));
		assertThat(WebhookPoster.retryAfter("Wed, 25 Nov 2026 08:00:00 GMT")).isNull();
		assertThat(WebhookPoster.retryAfter(null)).isNull();
	}

	private WebhookUrl url(String service, String channel) {
		return new WebhookUrl(URI.create(receiver.url(service, channel)));
	}

}
