package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.testing.TestMail;
import io.apmreports.testing.WebhookReceiver;

/**
 * {@code send-test} against a real SMTP server and a local webhook receiver: a message to
 * an address or a channel, and one line when the channel has no webhook.
 */
class SendTestIntegrationTests {

	@RegisterExtension
	static final GreenMailExtension greenMail = TestMail.server();

	@TempDir
	Path workDir;

	@Test
	void aTestMessageGoesToAnAddressAndToAChannel() throws Exception {
		try (WebhookReceiver receiver = WebhookReceiver.start()) {
			// given
			Path teams = Files.writeString(workDir.resolve("teams.url"), receiver.url("teams", "finance"));

			// when
			CliRunner.Result mail = CliRunner.run("send-test", "Jane Doe <jane@example.com>",
					"--apm.data-dir=" + workDir.resolve("data"), "--spring.mail.host=127.0.0.1",
					"--spring.mail.port=" + greenMail.getSmtp().getPort());
			CliRunner.Result chat = CliRunner.run("send-test", "teams:finance",
					"--apm.data-dir=" + workDir.resolve("data"), "--delivery.teams-webhook-files.finance=" + teams);
			CliRunner.Result noWebhook = CliRunner.run("send-test", "slack:ops",
					"--apm.data-dir=" + workDir.resolve("data"));

			// then
			assertThat(mail.exitCode()).as(mail.all()).isZero();
			assertThat(mail.out()).contains("Test message sent to Jane Doe <jane@example.com>");
			assertThat(TestMail.recipients(greenMail.getReceivedMessages()))
				.containsExactly("Jane Doe <jane@example.com>");
			assertThat(greenMail.getReceivedMessages()[0].getSubject()).isEqualTo("apm-reports test message");
			assertThat(chat.exitCode()).as(chat.all()).isZero();
			assertThat(receiver.accepted("/teams/finance")).hasSize(1);
			assertThat(receiver.violations()).isEmpty();
			assertThat(noWebhook.exitCode()).isEqualTo(2);
			assertThat(noWebhook.err().strip()).isEqualTo("apm-reports: no webhook for slack:ops: set the environment "
					+ "variable APM_SLACK_WEBHOOK_OPS or name a file holding it with --delivery.slack-webhook-files.ops=PATH");
		}
	}

}
