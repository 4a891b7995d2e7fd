package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.testing.TestMail;
import io.apmreports.testing.WebhookReceiver;

/**
 * A completed run sent afterwards, by {@code deliver <run-id>} and by {@code run
 * --deliver} of the same report and range: nothing is asked of the source (the sandbox
 * counts every request), each recipient gets it once, and the message is the one
 * {@code preview} shows.
 */
class DeliverIntegrationTests {

	private static final String KEY = "deliver-key";

	@RegisterExtension
	static final GreenMailExtension greenMail = TestMail.server();

	@TempDir
	Path workDir;

	private SandboxServer sandbox;

	private WebhookReceiver receiver;

	@BeforeEach
	void start() throws Exception {
		greenMail.purgeEmailFromAllMailboxes();
		sandbox = SandboxServer.start(SandboxOptions.demo(KEY));
		receiver = WebhookReceiver.start();
	}

	@AfterEach
	void stop() {
		receiver.close();
		sandbox.close();
	}

	@Test
	void aCompletedRunIsSentWithoutAskingTheSourceAnything() throws Exception {
		// given a run that wrote its files only
		CliRunner.Result run = CliRunner.run(args("run", "weekly-performance", "--from=2026-11-09T00:00:00+01:00",
				"--to=2026-11-16T00:00:00+01:00", "--output-dir=" + workDir.resolve("out")));
		assertThat(run.exitCode()).as(run.all()).isZero();
		long requests = sandbox.requests().total();

		// when it is delivered by id, then by run --deliver, then by id again
		CliRunner.Result deliver = CliRunner.run(args("deliver", "1", "--recipients=ops@example.com,slack:ops"));
		CliRunner.Result runDeliver = CliRunner
			.run(args("run", "weekly-performance", "--from=2026-11-09T00:00:00+01:00", "--to=2026-11-16T00:00:00+01:00",
					"--output-dir=" + workDir.resolve("out"), "--deliver", "--recipients=finance@example.com"));
		CliRunner.Result again = CliRunner.run(args("deliver", "1", "--recipients=ops@example.com"));

		// then the source was asked nothing, and each recipient got the report once
		assertThat(sandbox.requests().total()).isEqualTo(requests);
		assertThat(deliver.exitCode()).as(deliver.all()).isZero();
		assertThat(deliver.out()).contains("Sent to ops@example.com, slack:ops");
		assertThat(runDeliver.exitCode()).as(runDeliver.all()).isZero();
		assertThat(runDeliver.out()).contains("Sent to finance@example.com");
		assertThat(again.exitCode()).as(again.all()).isZero();
		assertThat(again.out()).contains("ops@example.com had the report already, so it was not sent again")
			.doesNotContain("Sent to");
		assertThat(TestMail.recipients(greenMail.getReceivedMessages())).containsExactly("ops@example.com",
				"finance@example.com");
		assertThat(receiver.accepted()).hasSize(1);
		assertThat(receiver.violations()).isEmpty();
		// with the run's files attached, and one run in all
		MimeMessage sent = greenMail.getReceivedMessages()[0];
		assertThat(TestMail.attachmentNames(sent)).contains("summary.csv");
		String runs = CliRunner.run("runs", "--apm.data-dir=" + workDir.resolve("data")).out();
		assertThat(runs.lines().filter(line -> line.contains("weekly-performance"))).singleElement()
			.satisfies(line -> assertThat(line).contains("sent 3/3"));

		// and preview shows the message that was sent
		CliRunner.Result preview = CliRunner.run(args("preview", "weekly-performance",
				"--from=2026-11-09T00:00:00+01:00", "--to=2026-11-16T00:00:00+01:00",
				"--output-dir=" + workDir.resolve("out"), "--recipients=ops@example.com"));
		assertThat(preview.exitCode()).as(preview.all()).isZero();
		Path eml = Path
			.of(preview.out().lines().filter(line -> line.strip().endsWith(".eml")).findFirst().orElseThrow().strip());
		MimeMessage previewed;
		try (InputStream in = Files.newInputStream(eml)) {
			previewed = new MimeMessage(Session.getInstance(new Properties()), in);
		}
		assertThat(previewed.getSubject()).isEqualTo(sent.getSubject());
		assertThat(previewed.getMessageID()).isEqualTo(sent.getMessageID());
		// line endings aside: SMTP carries CRLF
		assertThat(TestMail.text(previewed, "text/plain").replace("\r\n", "\n"))
			.isEqualTo(TestMail.text(sent, "text/plain").replace("\r\n", "\n"));
	}

	@Test
	void aChannelThatRefusesFailsTheDeliveryNotTheRunAndTheSameCommandSendsTheRest() throws Exception {
		// given a completed run, and Slack saying the webhook is gone
		CliRunner.run(args("run", "weekly-performance", "--from=2026-11-09T00:00:00+01:00",
				"--to=2026-11-16T00:00:00+01:00", "--output-dir=" + workDir.resolve("out")));
		receiver.script("/slack/ops", new WebhookReceiver.Answer(404, "no_service", null));

		// when it is delivered, then delivered again once Slack takes it
		CliRunner.Result refused = CliRunner.run(args("deliver", "1", "--recipients=ops@example.com,slack:ops"));
		CliRunner.Result again = CliRunner.run(args("deliver", "1", "--recipients=ops@example.com,slack:ops"));

		// then the e-mail went, the run is said to be completed and its delivery not, and
		// the second command sent Slack alone
		assertThat(refused.exitCode()).isEqualTo(1);
		assertThat(refused.err().strip())
			.startsWith("apm-reports: run 1 was not sent to everyone (it was to "
					+ "ops@example.com): Slack refused the message to slack:ops (HTTP 404 no_service)")
			.endsWith("the same command sends to whoever has not had it yet")
			.doesNotContain("run 1 failed");
		assertThat(again.exitCode()).as(again.all()).isZero();
		assertThat(again.out()).contains("Sent to slack:ops")
			.contains("ops@example.com had the report already, so it was not sent again");
		assertThat(greenMail.getReceivedMessages()).hasSize(1);
		assertThat(receiver.accepted("/slack/ops")).hasSize(1);
	}

	@Test
	void onlyACompletedRunIsSentAndAFilesOnlyRunNeedsRecipients() throws IOException {
		// given
		CliRunner.run(args("run", "weekly-performance", "--from=2026-11-09T00:00:00+01:00",
				"--to=2026-11-16T00:00:00+01:00", "--output-dir=" + workDir.resolve("out")));

		// when
		CliRunner.Result noRecipients = CliRunner.run(args("deliver", "1"));
		CliRunner.Result noRun = CliRunner.run(args("deliver", "7", "--recipients=ops@example.com"));

		// then
		assertThat(noRecipients.exitCode()).isEqualTo(2);
		assertThat(noRecipients.err().strip())
			.isEqualTo("apm-reports: run 1 wrote files only, so it has no recipients: name them with --recipients");
		assertThat(noRun.exitCode()).isEqualTo(2);
		assertThat(noRun.err().strip()).isEqualTo("apm-reports: no run 7 (see 'runs')");
		assertThat(greenMail.getReceivedMessages()).isEmpty();
	}

	private String[] args(String... first) {
		try {
			Path keyFile = Files.writeString(workDir.resolve("api.key"), KEY);
			Path slack = Files.writeString(workDir.resolve("slack.url"), receiver.url("slack", "ops"));
			List<String> args = new ArrayList<>(List.of(first));
			args.addAll(List.of("--apm.api-key-file=" + keyFile, "--apm.base-url=" + sandbox.baseUrl(),
					"--apm.account-id=" + SandboxOptions.DEMO_ACCOUNT_ID, "--apm.rate-limit=0",
					"--apm.data-dir=" + workDir.resolve("data"), "--delivery.slack-webhook-files.ops=" + slack,
					"--spring.mail.host=127.0.0.1", "--spring.mail.port=" + greenMail.getSmtp().getPort()));
			return args.toArray(String[]::new);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
