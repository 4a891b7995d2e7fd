package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.testing.ChildJvm;
import io.apmreports.testing.WebhookReceiver;

/**
 * Commands on the same default H2 job repository at the same time, each in a process of
 * its own: the first to open it serves it to the others; what it keeps is its owner's;
 * and a command whose server is killed says so in one line, and completes when launched
 * again.
 */
class CommandsBesideEachOtherIntegrationTests {

	@TempDir
	Path workDir;

	private Process first;

	private Process second;

	@AfterEach
	void stop() throws InterruptedException {
		for (Process process : new Process[] { first, second }) {
			if (process != null) {
				process.destroyForcibly().waitFor();
			}
		}
	}

	private Path data() {
		return workDir.resolve("data");
	}

	/**
	 * A demo run of {@code report} that posts to {@code slack:<channel>}, in a JVM of its
	 * own.
	 */
	private Process run(String report, String channel, WebhookReceiver receiver, String log, String... more)
			throws IOException {
		List<String> args = new ArrayList<>(
				List.of("run", report, "--demo", "--deliver", "--recipients=slack:" + channel,
						"--report.data-dir=" + data(), "--report.output-dir=" + workDir.resolve("output"),
						"--spring.datasource.hikari.connection-timeout=2000",
						// a post that fails is tried again at once: the backoff's 20 and
						// 40 s
						// were a minute of the class's waiting and nothing of what it
						// checks
						"--delivery.retry-delay=10ms"));
		args.addAll(List.of(more));
		return ChildJvm.start(args,
				Map.of("APM_SLACK_WEBHOOK_" + channel.toUpperCase(), receiver.url("slack", channel)),
				workDir.resolve(log));
	}

	@Test
	void runsAndShowWorkBesideARunningRunWhoseRepositoryIsItsOwnersAlone() throws Exception {
		try (WebhookReceiver receiver = WebhookReceiver.start()) {
			// given a run that has opened the repository, and is posting its report
			receiver.holdNext();
			first = run("weekly-performance", "first", receiver, "first.log");
			assertThat(receiver.awaitHeld(Duration.ofMinutes(3))).as(Files.readString(workDir.resolve("first.log")))
				.isTrue();

			// when runs and show are asked beside it
			CliRunner.Result runs = CliRunner.run("runs", "--report.data-dir=" + data());
			CliRunner.Result show = CliRunner.run("show", "1", "--report.data-dir=" + data());

			// then both answer, through the repository the run serves
			assertThat(runs.exitCode()).as(runs.all()).isZero();
			assertThat(runs.out()).containsPattern("(?m)^1 +weekly-performance .* STARTED ");
			assertThat(show.exitCode()).as(show.all()).isZero();
			assertThat(show.out()).contains("Status:   STARTED");
			// and what it keeps is its owner's alone
			assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data()))).isEqualTo("rwx------");
			for (String file : List.of("apm-reports.mv.db", "apm-reports.log")) {
				assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data().resolve(file)))).as(file)
					.isEqualTo("rw-------");
			}
		}
	}

	@Test
	void aCommandWhoseServerIsKilledSaysSoAndARelaunchCompletes() throws Exception {
		try (WebhookReceiver serving = WebhookReceiver.start(); WebhookReceiver beside = WebhookReceiver.start()) {
			// given a run that serves the repository, and another report's run beside it,
			// both posting their reports
			serving.holdNext();
			first = run("weekly-performance", "first", serving, "first.log");
			assertThat(serving.awaitHeld(Duration.ofMinutes(3))).as(Files.readString(workDir.resolve("first.log")))
				.isTrue();
			beside.holdNext();
			second = run("monthly-usage", "second", beside, "second.log");
			assertThat(beside.awaitHeld(Duration.ofMinutes(3))).as(Files.readString(workDir.resolve("second.log")))
				.isTrue();

			// when the serving process is killed, and the post of the one beside it ends
			first.destroyForcibly().waitFor();
			beside.close();

			// then the one beside it says so in one line, without a stack trace
			int exit = second.waitFor();
			String log = Files.readString(workDir.resolve("second.log"));
			assertThat(exit).as(log).isEqualTo(1);
			assertThat(log)
				.as(Files.readString(data().resolve("apm-reports.log"))
					.lines()
					.filter(line -> !line.startsWith("\tat"))
					.toList()
					.toString())
				.contains("apm-reports: " + ExitCodes.SERVER_GONE)
				.doesNotContain("\tat ");
		}

		// and launched again, it completes
		try (WebhookReceiver again = WebhookReceiver.start()) {
			// (the run it left STARTED is taken for killed at once)
			second = run("monthly-usage", "second", again, "again.log", "--report.recover-after=0");
			int exit = second.waitFor();
			assertThat(exit).as(Files.readString(workDir.resolve("again.log"))).isZero();
			assertThat(again.accepted("/slack/second")).hasSize(1);
		}
	}

}
