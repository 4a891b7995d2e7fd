package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.sandbox.SyntheticAccount;
import io.apmreports.sandbox.SyntheticApplication;
import io.apmreports.testing.WebhookReceiver;

/**
 * A 10,000-application account, a thousand of whose applications are deleted while the
 * run lists them, delivered to Slack and Microsoft Teams through the local receiver,
 * which checks each payload as the services document them: both messages taken, within
 * their limits, the gone named as far as they fit.
 */
class LargeAccountChatIntegrationTests {

	private static final String KEY = "large-chat-key";

	@TempDir
	Path workDir;

	@Test
	void aTenThousandApplicationAccountsMessagesStayWithinTheServicesLimits() throws Exception {
		// given 10,000 applications, every tenth deleted after the listing (404)
		SyntheticAccount account = SyntheticAccount.generated(10_000, 1);
		Set<Long> vanished = account.applications()
			.stream()
			.map(SyntheticApplication::id)
			.filter(id -> id % 10 == 0)
			.collect(Collectors.toSet());
		try (SandboxServer sandbox = SandboxServer
			.start(SandboxOptions.demo(KEY).withAccount(account).withVanishedApplicationIds(vanished));
				WebhookReceiver receiver = WebhookReceiver.start()) {
			Path keyFile = Files.writeString(workDir.resolve("api.key"), KEY);
			Path slack = Files.writeString(workDir.resolve("slack.url"), receiver.url("slack", "ops"));
			Path teams = Files.writeString(workDir.resolve("teams.url"), receiver.url("teams", "finance"));

			// when
			CliRunner.Result run = CliRunner.run("run", "summary-only", "--from=2026-11-09T00:00:00+01:00",
					"--to=2026-11-16T00:00:00+01:00", "--deliver", "--recipients=slack:ops,teams:finance",
					"--report.definitions=app/src/test/resources/chat-reports", "--apm.api-key-file=" + keyFile,
					"--apm.base-url=" + sandbox.baseUrl(), "--apm.account-id=" + SandboxOptions.DEMO_ACCOUNT_ID,
					"--apm.rate-limit=0", "--apm.data-dir=" + workDir.resolve("data"),
					"--output-dir=" + workDir.resolve("out"), "--delivery.slack-webhook-files.ops=" + slack,
					"--delivery.teams-webhook-files.finance=" + teams);

			// then
			assertThat(run.exitCode()).as(run.all()).isZero();
			assertThat(receiver.violations()).isEmpty();
			assertThat(receiver.accepted("/slack/ops")).hasSize(1);
			assertThat(receiver.accepted("/teams/finance")).hasSize(1);
			String slackText = receiver.accepted("/slack/ops").get(0).json().path("blocks").toString();
			assertThat(vanished).hasSizeGreaterThan(500);
			assertThat(slackText).contains(vanished.size() + " gone")
				.containsPattern("\\*Gone \\(deleted during the run\\)\\*: .*, and [0-9,]+ more");
			assertThat(receiver.accepted("/teams/finance").get(0).body().getBytes(StandardCharsets.UTF_8).length)
				.isLessThanOrEqualTo(28 * 1024);
		}
	}

}
