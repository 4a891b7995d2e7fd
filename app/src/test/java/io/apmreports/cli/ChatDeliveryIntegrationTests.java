package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.testing.ChildJvm;
import io.apmreports.testing.SecretSearch;
import io.apmreports.testing.TestMail;
import io.apmreports.testing.WebhookReceiver;

/**
 * A report delivered by e-mail, to Slack and to Microsoft Teams, against a real SMTP
 * server and a real local HTTP receiver that checks each payload as the services document
 * it: once per channel, a refused channel failing alone, a process killed between e-mail
 * and chat sending each once in all, and the webhook URLs nowhere a run leaves anything.
 */
class ChatDeliveryIntegrationTests {

	private static final String KEY = "chat-delivery-key";

	/** In each webhook's path, as the services put their secret there. */
	private static final String SECRET = "T0SECRET9f1c/B0SECRET/Xq7WebhookToken";

	private static final String SLACK = "/slack/ops/" + SECRET;

	private static final String TEAMS = "/teams/finance/" + SECRET;

	@RegisterExtension
	static final GreenMailExtension greenMail = TestMail.server();

	@TempDir
	Path workDir;

	private WebhookReceiver receiver;

	private SandboxServer sandbox;

	@BeforeEach
	void start() throws Exception {
		greenMail.purgeEmailFromAllMailboxes();
		receiver = WebhookReceiver.start();
		sandbox = SandboxServer.start(SandboxOptions.demo(KEY));
	}

	@AfterEach
	void stop() {
		receiver.close();
		sandbox.close();
	}

	@Test
	void eachChannelGetsTheReportOnceWithThePayloadItsServiceTakes() throws Exception {
		// when the report is delivered, then launched again
		CliRunner.Result first = CliRunner.run(args("ops@example.com,slack:ops,teams:finance"));
		CliRunner.Result again = CliRunner.run(args("ops@example.com,slack:ops,teams:finance"));

		// then one e-mail, one Slack message and one Teams card, each as its service
		// takes it
		assertThat(first.exitCode()).as(first.all()).isZero();
		assertThat(first.out()).contains("Sent to ops@example.com, slack:ops, teams:finance");
		assertThat(again.exitCode()).as(again.all()).isZero();
		assertThat(again.out()).contains("completed before")
			.contains("sent to ops@example.com, slack:ops, teams:finance");
		assertThat(receiver.violations()).isEmpty();
		assertThat(TestMail.recipients(greenMail.getReceivedMessages())).containsExactly("ops@example.com");
		assertThat(receiver.accepted(SLACK)).hasSize(1);
		assertThat(receiver.accepted(TEAMS)).hasSize(1);
		JsonNode slack = receiver.accepted(SLACK).get(0).json();
		assertThat(slack.path("blocks").path(0).path("text").path("text").asString()).isEqualTo("Weekly performance");
		assertThat(slack.path("blocks").toString()).contains("Mon 9 Nov to Sun 15 Nov 2026")
			.contains("account 1234567")
			.contains("13 applications, 0 failed.")
			.contains("*The account against the week of 2 Nov*");
		JsonNode card = receiver.accepted(TEAMS).get(0).json().path("attachments").path(0).path("content");
		assertThat(card.path("body").toString()).contains("Weekly performance").contains("FactSet");

		// and the webhooks' URLs are in no line printed, file written or row stored
		assertThat(first.all() + again.all()).doesNotContain("SECRET");
		List<Path> searched = SecretSearch.files(workDir, file -> !file.getFileName().toString().endsWith(".url"));
		assertThat(searched).anyMatch(file -> file.toString().endsWith(".mv.db"))
			.anyMatch(file -> file.toString().endsWith("apm-reports.log"))
			.anyMatch(file -> file.toString().endsWith(".xlsx"));
		for (Path file : searched) {
			assertThat(SecretSearch.contains(file, "SECRET")).as(file.toString()).isFalse();
		}
	}

	@Test
	void aRefusedWebhookFailsItsChannelAloneAndTheRestartSendsOnlyThat() throws Exception {
		// given Slack says the webhook is gone
		receiver.script(SLACK, new WebhookReceiver.Answer(404, "no_service", null));

		// when
		CliRunner.Result refused = CliRunner.run(args("ops@example.com,slack:ops,teams:finance"));

		// then the others were sent, and the run failed in one line naming the channel
		assertThat(refused.exitCode()).as(refused.all()).isEqualTo(1);
		assertThat(refused.err()).contains("Slack refused the message to slack:ops (HTTP 404 no_service)")
			.doesNotContain("SECRET")
			.doesNotContain("Exception");
		assertThat(TestMail.recipients(greenMail.getReceivedMessages())).containsExactly("ops@example.com");
		assertThat(receiver.accepted(TEAMS)).hasSize(1);
		assertThat(receiver.accepted(SLACK)).isEmpty();

		// when the webhook works again and the run is restarted
		Matcher restart = Pattern.compile("'restart (\\d+)").matcher(refused.err());
		assertThat(restart.find()).as(refused.err()).isTrue();
		CliRunner.Result restarted = CliRunner.run(common("restart", restart.group(1)));

		// then only Slack got it now
		assertThat(restarted.exitCode()).as(restarted.all()).isZero();
		assertThat(receiver.accepted(SLACK)).hasSize(1);
		assertThat(receiver.accepted(TEAMS)).hasSize(1);
		assertThat(greenMail.getReceivedMessages()).hasSize(1);
	}

	@Test
	void aRunKilledBetweenEmailAndChatSendsEachOnceInAll() throws Exception {
		// given the Slack post is held unanswered when it comes
		receiver.holdNext();
		List<String> killed = new ArrayList<>(List.of(args("ops@example.com,slack:ops")));
		killed.removeIf(arg -> arg.startsWith("--delivery.slack-webhook-files"));

		// when the run, its webhook in the environment, is killed while posting to Slack
		Process process = ChildJvm.start(killed,
				Map.of("APM_SLACK_WEBHOOK_OPS", receiver.url("slack", "ops/" + SECRET)), workDir.resolve("killed.log"));
		boolean posting = receiver.awaitHeld(Duration.ofSeconds(120));
		process.destroyForcibly().waitFor();

		// then it had sent its e-mail, and Slack had taken nothing
		assertThat(posting).as(Files.readString(workDir.resolve("killed.log"))).isTrue();
		assertThat(greenMail.getReceivedMessages()).hasSize(1);
		assertThat(receiver.accepted()).isEmpty();

		// when it is launched again
		CliRunner.Result relaunch = CliRunner.run(args("ops@example.com,slack:ops"));

		// then it recovered the run and posted to Slack; the e-mail was not sent again
		assertThat(relaunch.exitCode()).as(relaunch.all()).isZero();
		assertThat(relaunch.all()).containsPattern("Recovering run \\d+");
		assertThat(greenMail.getReceivedMessages()).hasSize(1);
		assertThat(receiver.accepted(SLACK)).hasSize(1);
		assertThat(Files.readString(workDir.resolve("killed.log"))).doesNotContain("SECRET");
	}

	private String[] args(String recipients) {
		return common("run", "weekly-performance", "--from=2026-11-09T00:00:00+01:00", "--to=2026-11-16T00:00:00+01:00",
				"--deliver", "--recipients=" + recipients, "--output-dir=" + workDir.resolve("out"));
	}

	private String[] common(String... first) {
		try {
			Path keyFile = Files.writeString(workDir.resolve("api.url.key"), KEY);
			Path slack = Files.writeString(workDir.resolve("slack.url"), receiver.url("slack", "ops/" + SECRET));
			Path teams = Files.writeString(workDir.resolve("teams.url"), receiver.url("teams", "finance/" + SECRET));
			List<String> args = new ArrayList<>(List.of(first));
			args.addAll(List.of("--apm.api-key-file=" + keyFile, "--apm.base-url=" + sandbox.baseUrl(),
					"--apm.account-id=" + SandboxOptions.DEMO_ACCOUNT_ID, "--apm.rate-limit=0",
					"--apm.data-dir=" + workDir.resolve("data"), "--delivery.slack-webhook-files.ops=" + slack,
					"--delivery.teams-webhook-files.finance=" + teams, "--delivery.retry-delay=0s",
					"--spring.mail.host=127.0.0.1", "--spring.mail.port=" + greenMail.getSmtp().getPort()));
			return args.toArray(String[]::new);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
