package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.testing.ChildJvm;

/**
 * Ctrl+C and SIGTERM end a command with the exit code that {@code --help} lists for each,
 * as a user and a service manager meet them.
 */
class StopSignalsIntegrationTests {

	@TempDir
	Path workDir;

	@ParameterizedTest(name = "SIG{0}")
	@CsvSource({ "INT, 130, Ctrl+C", "TERM, 143, SIGTERM" })
	void aStopSignalEndsTheCommandWithTheExitCodeItsHelpListsForIt(String signal, int exitCode, String named)
			throws Exception {
		// given a scheduler serving until it is stopped
		Path log = workDir.resolve("scheduler.log");
		Process scheduler = ChildJvm.start(List.of("scheduler", "--demo",
				"--schedule.definitions=" + Files.createDirectories(workDir.resolve("schedules")),
				"--management.server.port=0", "--server.port=0", "--report.data-dir=" + workDir.resolve("data"),
				"--report.output-dir=" + workDir.resolve("output")), log);
		try {
			await().atMost(Duration.ofSeconds(180))
				.pollInterval(Duration.ofMillis(200))
				.until(() -> !scheduler.isAlive() || Files.readString(log).contains("Scheduler running"));
			assertThat(scheduler.isAlive()).as(Files.readString(log)).isTrue();

			// when it gets the signal
			new ProcessBuilder("kill", "-" + signal, Long.toString(scheduler.pid())).inheritIO().start().waitFor();

			// then it ends with the code the help lists for that signal
			assertThat(scheduler.waitFor(120, TimeUnit.SECONDS)).as(Files.readString(log)).isTrue();
			assertThat(scheduler.exitValue()).as(Files.readString(log)).isEqualTo(exitCode);
			assertThat(CliRunner.run("--help").out())
				.containsPattern("\\s" + exitCode + "\\s+stopped by " + Pattern.quote(named));
		}
		finally {
			scheduler.destroyForcibly().waitFor();
		}
	}

}
