package io.apmreports.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import io.apmreports.sandbox.Faults;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.TestConsole;
import io.apmreports.testing.TestSandbox;
import io.apmreports.web.ActionLog.Action;
import io.apmreports.web.ActionLog.Kind;

/**
 * A console closing (as SIGTERM closes it) while a run it launched goes on: the run is
 * asked to stop at its chunk's end and waited for, so that it ends STOPPED and can be
 * restarted, rather than being cut off or left STARTED; and an admin's restart from the
 * console continues it.
 */
class ConsoleStopIntegrationTests {

	// paced, with latency, so that the run surely goes on when the console closes
	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox
		.paced(SandboxOptions.demo("console-stop-key").withFaults(Faults.none().withLatency(Duration.ofMillis(50))));

	@TempDir
	static Path workDir;

	@Test
	void closingTheConsoleStopsItsRunAtAChunksEndAndARestartFromTheConsoleContinuesIt() throws Exception {
		List<String> settings = new ArrayList<>(sandbox.arguments(workDir));
		settings.addAll(List.of("--report.definitions=app/src/test/resources/summary-reports",
				"--report.output-dir=" + workDir.resolve("out")));
		TestConsole console = TestConsole.start(settings,
				Files.writeString(workDir.resolve("users.yml"), "users: {}\n"));
		LaunchAnswer answer;
		boolean midRun;
		try {
			// given a run the console launched, half-way through its fetching
			answer = console.bean(ConsoleActions.class)
				.launch(new ConsoleUser("ana", Role.LAUNCHER, Set.of(), true),
						new LaunchChoice("weekly-performance", RangeChoice.LAST_WEEK, null, null, null, false, null));
			midRun = sandbox.requests().await("metric-data", 4, Duration.ofSeconds(60));
		}
		finally {
			// when the console closes
			console.close();
		}

		// then the run ended STOPPED, to be restarted
		assertThat(answer.status()).isEqualTo(LaunchAnswer.Status.STARTED);
		assertThat(midRun).isTrue();
		JdbcTemplate repository = new JdbcTemplate(new DriverManagerDataSource(
				"jdbc:h2:file:" + workDir.resolve("data").resolve("apm-reports"), "sa", ""));
		var ended = repository.queryForMap(
				"SELECT STATUS, EXIT_MESSAGE FROM BATCH_JOB_EXECUTION WHERE JOB_EXECUTION_ID = ?", answer.runId());
		assertThat(ended.get("STATUS")).as("%s", ended.get("EXIT_MESSAGE")).isEqualTo("STOPPED");

		// and an admin's restart from the console started again continues it to the end,
		// shown with the launch on either attempt
		try (TestConsole again = TestConsole.start(settings, workDir.resolve("users.yml"))) {
			ConsoleUser admin = new ConsoleUser("root", Role.ADMIN, Set.of(), false);
			LaunchAnswer restarted = again.bean(ConsoleActions.class).restart(admin, answer.runId());
			assertThat(restarted.status()).as(restarted.message()).isEqualTo(LaunchAnswer.Status.STARTED);
			assertThat(restarted.runId()).isNotEqualTo(answer.runId());
			await().atMost(Duration.ofSeconds(120))
				.pollInterval(Duration.ofMillis(250))
				.until(() -> again.bean(RunCatalog.class).run(admin, restarted.runId()).status(),
						status -> status.equals("COMPLETED"));
			assertThat(again.bean(ActionLog.class).of(answer.runId())).extracting(Action::kind, Action::who)
				.containsExactly(tuple(Kind.LAUNCH, "ana"), tuple(Kind.RESTART, "root"));
		}
	}

}
