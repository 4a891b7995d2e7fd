package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.apmreports.definition.SourceKind;
import io.apmreports.sandbox.Faults;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.testing.ChildJvm;
import io.apmreports.testing.TestMail;

/**
 * One team's run of a report fanned out over teams, killed mid-way and launched again:
 * that team gets its e-mail once, and the teams whose runs completed are left as they
 * were.
 */
class TeamRunKilledIntegrationTests {

	private static final String KEY = "team-kill-key";

	@RegisterExtension
	static final GreenMailExtension greenMail = TestMail.server();

	@TempDir
	Path workDir;

	@ParameterizedTest
	@EnumSource(SourceKind.class)
	void aKilledTeamRunIsDeliveredOnceAfterItsRestartAndTheOthersAreUntouched(SourceKind source) throws Exception {
		greenMail.purgeEmailFromAllMailboxes();
		Path schedules = Files.createDirectories(workDir.resolve("schedules"));
		Files.copy(Path.of("app/src/test/resources/team-schedules/weekly-teams.yml"),
				schedules.resolve("weekly-teams.yml"));
		try (SandboxServer sandbox = SandboxServer
			.start(SandboxOptions.demo(KEY).withFaults(Faults.none().withLatency(Duration.ofMillis(150))))) {
			// given two teams delivered
			assertThat(CliRunner.run(args(sandbox, source, "storefront")).exitCode()).isZero();
			assertThat(CliRunner.run(args(sandbox, source, "platform")).exitCode()).isZero();
			String runsBefore = runs();

			// when the third team's run is killed once its series are being fetched
			Process process = ChildJvm.start(List.of(args(sandbox, source, "checkout")), workDir.resolve("killed.log"));
			long seriesBefore = sandbox.requests().seriesRequests();
			boolean fetching = sandbox.requests().awaitSeries(seriesBefore + 1, Duration.ofSeconds(60));
			process.destroyForcibly().waitFor();

			// then it had not sent its e-mail
			assertThat(fetching).as(Files.readString(workDir.resolve("killed.log"))).isTrue();
			assertThat(TestMail.recipients(greenMail.getReceivedMessages())).doesNotContain("checkout@example.com");

			// when the team's selection is edited meanwhile, and it is launched again
			Path schedule = schedules.resolve("weekly-teams.yml");
			Files.writeString(schedule,
					Files.readString(schedule)
						.replace("recipients: [checkout@example.com]",
								"recipients: [checkout@example.com]\n    applications: {ids: [1001]}"));
			CliRunner.Result relaunch = CliRunner.run(args(sandbox, source, "checkout"));

			// then it recovered the killed run and sent that team's e-mail; every team
			// had
			// exactly one, and the other teams' runs are as they were
			assertThat(relaunch.exitCode()).as(relaunch.all()).isZero();
			assertThat(relaunch.all()).containsPattern("Recovering run \\d+");
			assertThat(TestMail.recipients(greenMail.getReceivedMessages())).containsExactlyInAnyOrder(
					"web@example.com", "platform@example.com", "sre@example.com", "checkout@example.com");
			// and it read the applications it was launched with, not the edited selection
			Path summary = workDir.resolve("out/weekly-performance/1234567/checkout/2026-11-09_2026-11-16/summary.csv");
			assertThat(Files.readAllLines(summary).stream().skip(1).map(line -> line.substring(0, line.indexOf(','))))
				.containsExactlyInAnyOrder("1001", "1005", "1009");
			String runsAfter = runs();
			assertThat(runsAfter).contains("weekly-performance/checkout");
			assertThat(lines(runsAfter, "/storefront")).isEqualTo(lines(runsBefore, "/storefront"));
			assertThat(lines(runsAfter, "/platform")).isEqualTo(lines(runsBefore, "/platform"));
		}
	}

	private String[] args(SandboxServer sandbox, SourceKind source, String team) throws IOException {
		Path keyFile = Files.writeString(workDir.resolve("api.key"), KEY);
		List<String> args = new ArrayList<>(List.of("run", "weekly-performance", "--from=2026-11-09T00:00:00+01:00",
				"--to=2026-11-16T00:00:00+01:00", "--deliver", "--team=" + team, "--apm.api-key-file=" + keyFile,
				"--apm.account-id=" + SandboxOptions.DEMO_ACCOUNT_ID, "--apm.rate-limit=0",
				"--apm.data-dir=" + workDir.resolve("data"), "--output-dir=" + workDir.resolve("out"),
				"--schedule.definitions=" + workDir.resolve("schedules"),
				"--apm.nrql.graphql-url=" + sandbox.graphqlUrl(), "--spring.mail.host=127.0.0.1",
				"--spring.mail.port=" + greenMail.getSmtp().getPort()));
		if (source == SourceKind.NRQL) {
			args.add("--apm.source=nrql");
		}
		else {
			args.add("--apm.base-url=" + sandbox.baseUrl());
		}
		return args.toArray(String[]::new);
	}

	private String runs() {
		return CliRunner.run("runs", "--apm.data-dir=" + workDir.resolve("data")).out();
	}

	private static List<String> lines(String text, String containing) {
		return text.lines().filter(line -> line.contains(containing)).toList();
	}

}
