package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.testing.TestMail;

/**
 * A run that delivers only when its figures call for it, against the demo week (one
 * regression: Billing Worker's error rate, 0.15% to 0.27%) and a real SMTP server: sent
 * when the condition holds; otherwise nothing sent, the files written, and the run saying
 * so in its output, {@code runs} and {@code show}.
 */
class SendWhenIntegrationTests {

	private static final String KEY = "send-when-key";

	@RegisterExtension
	static final GreenMailExtension greenMail = TestMail.server();

	@TempDir
	Path workDir;

	private SandboxServer sandbox;

	@BeforeEach
	void start() throws Exception {
		greenMail.purgeEmailFromAllMailboxes();
		sandbox = SandboxServer.start(SandboxOptions.demo(KEY));
	}

	@AfterEach
	void stop() {
		sandbox.close();
	}

	@Test
	void aWeekWithARegressionIsSent() {
		// when
		CliRunner.Result run = CliRunner.run(args("weekly-performance", "--send-when=regressions"));

		// then
		assertThat(run.exitCode()).as(run.all()).isZero();
		assertThat(run.out()).contains("Sent to ops@example.com").doesNotContain("not sent");
		assertThat(greenMail.getReceivedMessages()).hasSize(1);
	}

	@Test
	void aReportWithoutRegressionsSendsNothingWritesItsFilesAndSaysSo() {
		// when the monthly usage report, which compares nothing, is to be sent only with
		// regressions
		CliRunner.Result run = CliRunner.run(args("monthly-usage", "--send-when=regressions",
				"--from=2026-10-01T00:00:00+02:00", "--to=2026-11-01T00:00:00+01:00"));

		// then
		assertThat(run.exitCode()).as(run.all()).isZero();
		assertThat(run.out()).contains("usage.csv")
			.contains("Report not sent: no regressions and no failed applications")
			.doesNotContain("Sent to");
		assertThat(greenMail.getReceivedMessages()).isEmpty();
		String runs = CliRunner.run("runs", "--apm.data-dir=" + workDir.resolve("data")).out();
		assertThat(runs).contains("not sent: no regressions and no failed applications");
		String show = CliRunner.run("show", "1", "--apm.data-dir=" + workDir.resolve("data")).out();
		assertThat(show).contains("Delivery: not sent: no regressions and no failed applications (to ops@example.com)");
	}

	@Test
	void aLimitForEachApplicationSendsWhereTheAccountsOwnFigureWouldNot() {
		// when the account's response time (105.1 ms) is under 150 ms, but some
		// application's is over it
		CliRunner.Result account = CliRunner.run(args("weekly-performance", "--send-when=response-time-above=150"));
		CliRunner.Result each = CliRunner
			.run(args("weekly-performance", "--send-when=response-time-above=150,for=each-application", "--force"));

		// then
		assertThat(account.exitCode()).as(account.all()).isZero();
		assertThat(account.out()).contains("Report not sent: no response time above 150 ms for the account");
		assertThat(each.exitCode()).as(each.all()).isZero();
		assertThat(each.out()).contains("Sent to ops@example.com");
		assertThat(greenMail.getReceivedMessages()).hasSize(1);
	}

	@Test
	void aBadConditionIsOneLineBeforeAnythingRuns() {
		// when
		CliRunner.Result run = CliRunner.run(args("weekly-performance", "--send-when=error-rate-above=2"));

		// then
		assertThat(run.exitCode()).isEqualTo(2);
		assertThat(run.err().strip())
			.isEqualTo("apm-reports: --send-when error-rate-above '2' needs its percent sign, such as 2%");
	}

	private String[] args(String report, String... more) {
		try {
			Path keyFile = Files.writeString(workDir.resolve("api.key"), KEY);
			List<String> args = new ArrayList<>(
					List.of("run", report, "--deliver", "--recipients=ops@example.com", "--apm.api-key-file=" + keyFile,
							"--apm.base-url=" + sandbox.baseUrl(), "--apm.nrql.graphql-url=" + sandbox.graphqlUrl(),
							"--apm.account-id=" + SandboxOptions.DEMO_ACCOUNT_ID, "--apm.rate-limit=0",
							"--apm.data-dir=" + workDir.resolve("data"), "--output-dir=" + workDir.resolve("out"),
							"--spring.mail.host=127.0.0.1", "--spring.mail.port=" + greenMail.getSmtp().getPort()));
			args.addAll(List.of(more));
			if (args.stream().noneMatch(arg -> arg.startsWith("--from"))) {
				args.addAll(List.of("--from=2026-11-09T00:00:00+01:00", "--to=2026-11-16T00:00:00+01:00"));
			}
			return args.toArray(String[]::new);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
