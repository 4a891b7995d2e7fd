package io.apmreports.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.util.unit.DataSize;

import io.apmreports.definition.Recipient;
import io.apmreports.testing.WebhookReceiver;

/**
 * What a Microsoft Teams webhook answers, from a real HTTP receiver on loopback: any 2xx
 * is success, as docs/delivery.md says, whatever short body it comes with; a connector's
 * failure told in a 200's body is not.
 */
class TeamsAnswersIntegrationTests {

	private static final Recipient FINANCE = Recipient.parse("teams:finance");

	@TempDir
	Path dir;

	private WebhookReceiver receiver;

	@BeforeEach
	void start() throws IOException {
		receiver = WebhookReceiver.start();
	}

	@AfterEach
	void stop() {
		receiver.close();
	}

	@Test
	void aWorkflowsAcceptedWithABodyIsSuccess() throws IOException {
		// given a workflow that answers 202 with a word
		receiver.script("/teams/finance", new WebhookReceiver.Answer(202, "ok", null));

		// when
		String id = delivery().notice("identity", "Weekly performance failed", "why", FINANCE);

		// then it counts as posted
		assertThat(id).startsWith("teams:finance:");
	}

	@Test
	void aConnectorsFailureInASuccessfulAnswerIsNoSuccess() throws IOException {
		// given an old connector that tells its failure in a 200's body
		receiver.script("/teams/finance", new WebhookReceiver.Answer(200,
				"Webhook message delivery failed with error: Microsoft Teams endpoint returned HTTP error 413", null));

		// when, then
		ReportDelivery delivery = delivery();
		assertThatThrownBy(() -> delivery.notice("identity", "Weekly performance failed", "why", FINANCE))
			.isInstanceOf(DeliveryException.class)
			.hasMessageStartingWith("Microsoft Teams refused the message to teams:finance (HTTP 200 Webhook");
	}

	private ReportDelivery delivery() throws IOException {
		Path webhook = Files.writeString(dir.resolve("finance.url"), receiver.url("teams", "finance"));
		DeliveryProperties properties = new DeliveryProperties("apm-reports@example.com", DataSize.ofMegabytes(10), 1,
				Duration.ZERO, 10, Map.of(), Map.of("finance", webhook.toString()));
		ReportMailer mailer = new ReportMailer(new StaticListableBeanFactory().getBeanProvider(JavaMailSender.class),
				properties, Clock.systemUTC());
		return new ReportDelivery(mailer, properties, new SimpleMeterRegistry());
	}

}
