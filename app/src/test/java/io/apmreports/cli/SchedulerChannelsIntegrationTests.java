package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.testing.ChildJvm;
import io.apmreports.testing.WebhookReceiver;

/**
 * The scheduler checks at its start what its enabled schedules send through: a mail
 * server only where one e-mails (a report or a failure notice), a webhook for each chat
 * channel, as {@code run --deliver} checks its recipients.
 */
class SchedulerChannelsIntegrationTests {

	@TempDir
	Path workDir;

	@Test
	void aScheduleThatPostsToSlackAloneStartsWithoutAMailServer() throws Exception {
		// given a schedule whose only recipient is a Slack channel, its webhook set, and
		// no SMTP server
		try (WebhookReceiver receiver = WebhookReceiver.start()) {
			Path webhook = Files.writeString(workDir.resolve("ops.url"), receiver.url("slack", "ops"));
			List<String> args = args("recipients: [slack:ops]");
			args.add("--delivery.slack-webhook-files.ops=" + webhook);
			args.add("--management.server.port=0");
			Path log = workDir.resolve("scheduler.log");

			// when
			Process scheduler = ChildJvm.start(args, log);
			try {
				// then it runs the schedule (a guard, not a measure: it never starts
				// otherwise)
				await().atMost(Duration.ofSeconds(180))
					.pollInterval(Duration.ofMillis(200))
					.until(() -> !scheduler.isAlive() || Files.readString(log).contains("Scheduler running chat-only"));
				assertThat(scheduler.isAlive()).as(Files.readString(log)).isTrue();
				assertThat(Files.readString(log)).doesNotContain("SMTP");
			}
			finally {
				scheduler.destroy();
				scheduler.waitFor(120, TimeUnit.SECONDS);
			}
		}
	}

	@Test
	void aChatChannelWithoutItsWebhookStopsTheStartInOneLine() throws Exception {
		// when the scheduler is started with a Slack-only schedule, no webhook and no
		// SMTP
		// server
		CliRunner.Result result = CliRunner.run(args("recipients: [slack:ops]").toArray(String[]::new));

		// then what is missing is named, and it is not the mail server
		assertThat(result.exitCode()).as(result.all()).isEqualTo(2);
		assertThat(result.err())
			.startsWith(
					"apm-reports: no webhook for slack:ops: set the environment variable " + "APM_SLACK_WEBHOOK_OPS")
			.doesNotContain("SMTP");
	}

	@Test
	void aFailureNoticeByEmailStillNeedsAMailServer() throws Exception {
		// when the report goes to Slack and a failure is told by e-mail, with no SMTP
		// server
		CliRunner.Result result = CliRunner
			.run(args("recipients: [slack:ops]\non-failure: [oncall@example.com]").toArray(String[]::new));

		// then
		assertThat(result.exitCode()).as(result.all()).isEqualTo(2);
		assertThat(result.err()).startsWith("apm-reports: e-mail delivery needs an SMTP server");
	}

	/** The scheduler on a real source's settings, with one schedule saying so. */
	private List<String> args(String whom) throws IOException {
		Path schedules = Files.createDirectories(workDir.resolve("schedules"));
		// fires once a year, and nothing is caught up: nothing runs during the test
		Files.writeString(schedules.resolve("chat-only.yml"),
				"name: chat-only\ncron: 0 0 6 1 1 *\nzone: UTC\nreport: weekly-performance\n" + whom + "\n");
		Path key = Files.writeString(workDir.resolve("key"), "some-key");
		return new ArrayList<>(List.of("scheduler", "--schedule.definitions=" + schedules, "--schedule.catch-up=0s",
				"--server.port=0", "--apm.base-url=https://api.example.com", "--apm.api-key-file=" + key,
				"--apm.account-id=1", "--report.data-dir=" + workDir.resolve("data"),
				"--report.output-dir=" + workDir.resolve("output")));
	}

}
