package io.apmreports.delivery.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.definition.Recipient;

class WebhookUrlsTests {

	private static final String SECRET = "https://hooks.slack.com/services/T000/B000/SECRETSECRET";

	@TempDir
	Path directory;

	@Test
	void theUrlComesFromTheChannelsEnvironmentVariable() {
		// given
		WebhookUrls urls = new WebhookUrls(Map.of("APM_SLACK_WEBHOOK_OPS_REPORTS", SECRET), Map.of(), Map.of());

		// when
		WebhookUrl url = urls.of(Recipient.parse("slack:ops-reports"));

		// then it is there to post to, and shows only its host
		assertThat(url.reveal()).hasToString(SECRET);
		assertThat(url).hasToString("webhook at hooks.slack.com");
	}

	@Test
	void theUrlComesFromAFileNamedByTheSettingBeforeTheEnvironment() throws Exception {
		// given
		Path file = Files.writeString(directory.resolve("teams.url"), "https://prod.logic.azure.com/w?sig=abc\n");
		WebhookUrls urls = new WebhookUrls(Map.of("APM_TEAMS_WEBHOOK_FINANCE", SECRET), Map.of(),
				Map.of("finance", file.toString()));

		// when / then
		assertThat(urls.of(Recipient.parse("teams:finance")).reveal())
			.hasToString("https://prod.logic.azure.com/w?sig=abc");
	}

	@Test
	void aChannelWithoutAWebhookIsOneLineNamingWhereToPutIt() {
		assertThatThrownBy(() -> new WebhookUrls(Map.of(), Map.of(), Map.of()).of(Recipient.parse("slack:ops")))
			.hasMessage("no webhook for slack:ops: set the environment variable APM_SLACK_WEBHOOK_OPS or name a file "
					+ "holding it with --delivery.slack-webhook-files.ops=PATH");
	}

	@Test
	void plainHttpIsRefusedExceptToThisMachineAndTheUrlIsNeverQuoted() {
		// given
		String plain = "http://hooks.example.com/services/SECRETSECRET";
		WebhookUrls urls = new WebhookUrls(
				Map.of("APM_SLACK_WEBHOOK_OPS", plain, "APM_SLACK_WEBHOOK_LOCAL", "http://127.0.0.1:8080/slack/local"),
				Map.of(), Map.of());

		// when / then
		assertThatThrownBy(() -> urls.of(Recipient.parse("slack:ops"))).hasMessageContaining("must be an https URL")
			.hasMessageNotContaining("SECRET");
		assertThat(urls.of(Recipient.parse("slack:local")).reveal().getPort()).isEqualTo(8080);
	}

	@Test
	void aFileThatCannotBeReadIsToldBySettingNotByContent() {
		// given a URL pasted where the file's path belongs
		WebhookUrls urls = new WebhookUrls(Map.of(), Map.of("ops", SECRET), Map.of());

		// when / then
		assertThatThrownBy(() -> urls.of(Recipient.parse("slack:ops")))
			.hasMessage("the file named by delivery.slack-webhook-files.ops cannot be read (no such file): give the "
					+ "path of a file that holds the webhook URL, not the URL");
	}

}
