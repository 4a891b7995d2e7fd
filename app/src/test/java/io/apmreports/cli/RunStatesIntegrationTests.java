package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.testing.WebhookReceiver;

/**
 * What the run commands say of a run's state (completed, abandoned, unknown), in the
 * project's words: never a word of Spring Batch, Spring or JDBC.
 */
class RunStatesIntegrationTests {

	/** What a framework's message looks like. */
	private static final Pattern FRAMEWORK_TEXT = Pattern.compile(
			"org\\.springframework|java\\.sql|Exception|JobExecution|JobInstance|JobParameter|job instance|Illegal state|\\tat ");

	private static final String FROM = "--from=2026-11-09T00:00:00+01:00";

	private static final String TO = "--to=2026-11-16T00:00:00+01:00";

	@TempDir
	Path workDir;

	/**
	 * Everything the commands of a test printed, for the check that no framework text is
	 * among it.
	 */
	private final List<CliRunner.Result> results = new ArrayList<>();

	@AfterEach
	void noFrameworkTextReachedTheUser() {
		assertThat(results).isNotEmpty()
			.allSatisfy(result -> assertThat(result.all()).doesNotContainPattern(FRAMEWORK_TEXT));
	}

	@Test
	void anAbandonedRunIsNeverRestartedAndItsReportAndRangeRunsAnew() throws IOException {
		// given a run that failed: the sandbox refuses the key
		Path keyFile = Files.writeString(workDir.resolve("key"), "wrong-key");
		try (SandboxServer sandbox = SandboxServer.start(SandboxOptions.demo("right-key"))) {
			String[] real = { "--apm.base-url=" + sandbox.baseUrl(),
					"--apm.account-id=" + sandbox.options().accountId(), "--apm.api-key-file=" + keyFile };
			assertThat(run("run", "weekly-performance", FROM, TO, real[0], real[1], real[2]).exitCode()).isEqualTo(1);

			// when it is abandoned
			CliRunner.Result abandon = run("abandon", "1");

			// then it says so, and how to run the report and range afresh
			assertThat(abandon.exitCode()).as(abandon.all()).isZero();
			assertThat(abandon.out()).contains("Run 1 is abandoned")
				.contains("'run weekly-performance --from=2026-11-09T00:00:00+01:00 --to=2026-11-16T00:00:00+01:00 "
						+ "--apm.account-id=1234567'");

			// and 'show' tells it, with why it failed before
			String account = sandbox.baseUrl().getHost() + ":" + sandbox.baseUrl().getPort();
			assertThat(run("show", "1").out()).contains("Status:   ABANDONED")
				.contains("Source:   " + account)
				.contains("Account:  account 1234567")
				.containsPattern("Failure:  .*answered 401.*the API key was refused")
				.contains("Files:    none");

			// and a restart of it is refused in one line, pointing at the launch
			CliRunner.Result restart = run("restart", "1");
			assertThat(restart.exitCode()).isEqualTo(2);
			assertThat(restart.err()).isEqualTo("apm-reports: run 1 was abandoned and is never restarted; "
					+ "'run weekly-performance --from=2026-11-09T00:00:00+01:00 --to=2026-11-16T00:00:00+01:00 "
					+ "--apm.account-id=1234567' " + "starts its report and range afresh" + System.lineSeparator());

			// when the same report and range is launched again, with the right key
			Files.writeString(keyFile, "right-key");
			CliRunner.Result again = run("run", "weekly-performance", FROM, TO, real[0], real[1], real[2]);

			// then it is a new run, which completes
			assertThat(again.exitCode()).as(again.all()).isZero();
			assertThat(again.out()).contains("Report for").contains("summary.csv");
			CliRunner.Result runs = run("runs");
			// one line a run: the account, the start to the second with its offset, the
			// directory of the files
			String directory = workDir.resolve("out/weekly-performance/1234567/2026-11-09_2026-11-16").toString();
			assertThat(runs.out().lines().filter(line -> line.matches("\\d+ .*"))).satisfiesExactly(
					line -> assertThat(line).startsWith("2 ")
						.contains(" COMPLETED ")
						.contains(" " + account + " ")
						.containsPattern(" \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}[+-]\\d{2}:\\d{2} ")
						.endsWith(" " + directory)
						.doesNotContain("summary.csv"),
					line -> assertThat(line).startsWith("1 ").contains(" ABANDONED ").contains(" " + account + " "));

			// and a third launch finds that new run completed, and says where its files
			// are
			CliRunner.Result third = run("run", "weekly-performance", FROM, TO, real[0], real[1], real[2]);
			assertThat(third.exitCode()).isZero();
			assertThat(third.out()).contains("completed before in run 2")
				.contains(
						"its files are in " + workDir.resolve("out/weekly-performance/1234567/2026-11-09_2026-11-16"));
		}
	}

	@Test
	void aCompletedRunIsNotAbandonedAndIsNotRunAgain() {
		// given
		assertThat(run("run", "weekly-performance", "--demo", FROM, TO).exitCode()).isZero();
		Path directory = workDir.resolve("out/weekly-performance/1234567/2026-11-09_2026-11-16");

		// when
		CliRunner.Result abandon = run("abandon", "1");
		CliRunner.Result again = run("run", "weekly-performance", "--demo", FROM, TO);

		// then
		assertThat(abandon.exitCode()).isEqualTo(2);
		assertThat(abandon.err()).isEqualTo("apm-reports: run 1 completed; its files are in " + directory
				+ "; a completed run is not abandoned (add --force to 'run' to run it again)" + System.lineSeparator());
		assertThat(run("show", "1").out()).contains("Status:   COMPLETED")
			.contains("Source:   demo")
			.contains("Account:  Demo production (account 1234567)");
		assertThat(again.exitCode()).isZero();
		assertThat(again.out()).contains("completed before in run 1; its files are in " + directory);

		// and a restart of it says it completed, against the demo account only
		CliRunner.Result restart = run("restart", "1", "--demo");
		CliRunner.Result restartWithoutDemo = run("restart", "1");
		assertThat(restart.exitCode()).isZero();
		assertThat(restart.out()).contains("run 1 completed; its files are in " + directory);
		assertThat(restartWithoutDemo.exitCode()).isEqualTo(2);
		assertThat(restartWithoutDemo.err())
			.isEqualTo("apm-reports: run 1 reads the demo account: restart it with --demo" + System.lineSeparator());
	}

	@Test
	void aRunIsRestartedOnlyAgainstTheAccountItStartedOn() throws IOException {
		// given a run that failed against one service: it refused the key
		Path keyFile = Files.writeString(workDir.resolve("key"), "wrong-key");
		try (SandboxServer first = SandboxServer.start(SandboxOptions.demo("right-key"));
				SandboxServer second = SandboxServer.start(SandboxOptions.demo("wrong-key"))) {
			assertThat(run("run", "weekly-performance", FROM, TO, "--apm.base-url=" + first.baseUrl(),
					"--apm.account-id=" + first.options().accountId(), "--apm.api-key-file=" + keyFile)
				.exitCode()).isEqualTo(1);

			// when it is restarted against another service, and against the demo account
			CliRunner.Result elsewhere = run("restart", "1", "--apm.base-url=" + second.baseUrl(),
					"--apm.account-id=" + second.options().accountId(), "--apm.api-key-file=" + keyFile);
			CliRunner.Result demo = run("restart", "1", "--demo");
			CliRunner.Result otherAccount = run("restart", "1", "--apm.base-url=" + first.baseUrl(),
					"--apm.account-id=7654321", "--apm.api-key-file=" + keyFile);

			// then each is refused in one line naming both accounts, and nothing was
			// asked of
			// the other service
			assertThat(elsewhere.exitCode()).isEqualTo(2);
			assertThat(elsewhere.err()).isEqualTo("apm-reports: run 1 reads " + first.baseUrl() + ", not "
					+ second.baseUrl() + ": restart it against the same account" + System.lineSeparator());
			assertThat(demo.exitCode()).isEqualTo(2);
			assertThat(demo.err()).isEqualTo("apm-reports: run 1 reads " + first.baseUrl()
					+ ", not demo: restart it against the same account" + System.lineSeparator());
			assertThat(otherAccount.exitCode()).isEqualTo(2);
			assertThat(otherAccount.err()).isEqualTo("apm-reports: run 1 reads account 1234567, not account 7654321: "
					+ "restart it with --apm.account-id=1234567" + System.lineSeparator());
			assertThat(second.requests().total()).isZero();
		}
	}

	@Test
	void aRestartedRunPointsToTheRunThatFinishedItAndItsFilesAreThoseDelivered() throws IOException {
		// given a run that failed (the sandbox refused the key), restarted with the right
		// key: a restart is a run of its own, run 2
		Path keyFile = Files.writeString(workDir.resolve("key"), "wrong-key");
		try (SandboxServer sandbox = SandboxServer.start(SandboxOptions.demo("right-key"));
				WebhookReceiver receiver = WebhookReceiver.start()) {
			Path webhook = Files.writeString(workDir.resolve("ops.url"), receiver.url("slack", "ops"));
			String[] real = { "--apm.base-url=" + sandbox.baseUrl(),
					"--apm.account-id=" + sandbox.options().accountId(), "--apm.api-key-file=" + keyFile,
					"--delivery.slack-webhook-files.ops=" + webhook };
			assertThat(run("run", "weekly-performance", FROM, TO, real[0], real[1], real[2]).exitCode()).isEqualTo(1);
			Files.writeString(keyFile, "right-key");
			CliRunner.Result restart = run("restart", "1", real[0], real[1], real[2]);
			assertThat(restart.exitCode()).as(restart.all()).isZero();

			// when the first run is listed, shown and delivered
			CliRunner.Result runs = run("runs");
			CliRunner.Result show = run("show", "1");
			CliRunner.Result deliver = run("deliver", "1", "--recipients=slack:ops", real[0], real[1], real[2],
					real[3]);

			// then each points to the run that finished its report and range, and the
			// files sent are that run's, not said to be written now
			assertThat(runs.out()).contains("Run 1 was continued as run 2 (COMPLETED).");
			assertThat(show.out()).contains("Status:   FAILED, continued as run 2 (COMPLETED)");
			assertThat(deliver.exitCode()).as(deliver.all()).isZero();
			assertThat(deliver.out()).contains("Run 1 was finished by run 2: these are its files.")
				.contains("as run 2 wrote it (nothing fetched or written now):")
				.contains(
						workDir.resolve("out/weekly-performance/1234567/2026-11-09_2026-11-16/summary.csv").toString())
				.doesNotContain(" written:")
				.contains("its files were sent to slack:ops, nothing fetched")
				.doesNotContain("[slack:ops]");
			assertThat(receiver.accepted("/slack/ops")).hasSize(1);
		}
	}

	@Test
	void deliveringADemoRunThatDidNotCompleteAdvisesTheCommandThatWorksAsPrinted() throws IOException {
		// given a demo run that failed: its definition selects no application
		Path definitions = Files.createDirectories(workDir.resolve("definitions"));
		Files.writeString(definitions.resolve("nothing.yml"), "title: Nothing\napplications:\n  name-contains: "
				+ "no-such-application\nrange: last-week\ntime-zone: UTC\nformats: [csv]\n");
		String defined = "--report.definitions=" + definitions;
		assertThat(run("run", "nothing", "--demo", FROM, TO, defined).exitCode()).isEqualTo(1);

		// when it is delivered
		CliRunner.Result deliver = run("deliver", "1", "--demo", "--recipients=ops@example.com", defined);

		// then the restart it advises is a demo one, as a demo run is restarted
		assertThat(deliver.exitCode()).isEqualTo(2);
		assertThat(deliver.err()).isEqualTo("apm-reports: run 1 is FAILED, not completed: only a completed run's "
				+ "files can be sent ('restart 1 --demo --apm.account-id=1234567' finishes it)"
				+ System.lineSeparator());
	}

	@Test
	void anUnknownRunIsOneLineForEveryCommandThatTakesOne() {
		for (String command : List.of("abandon", "restart", "show")) {
			CliRunner.Result result = run(command, "4711");

			assertThat(result.exitCode()).isEqualTo(2);
			assertThat(result.err()).isEqualTo("apm-reports: no run 4711 (see 'runs')" + System.lineSeparator());
		}
	}

	private CliRunner.Result run(String... args) {
		List<String> arguments = new ArrayList<>(List.of(args));
		arguments.add("--apm.data-dir=" + workDir.resolve("data"));
		if (args[0].equals("run")) {
			arguments.add("--output-dir=" + workDir.resolve("out"));
		}
		CliRunner.Result result = CliRunner.run(arguments.toArray(String[]::new));
		results.add(result);
		return result;
	}

}
