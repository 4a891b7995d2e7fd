package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code apm-reports} launcher the build puts beside the jar, run as a user would:
 * through a link on the path, with {@code JAVA_OPTS}, and completed by bash.
 */
class LauncherIntegrationTests {

	/** Where the package phase leaves it; the tests run from the checkout's top. */
	private static final Path LAUNCHER = Path.of("app/target/apm-reports").toAbsolutePath();

	@TempDir
	Path bin;

	@Test
	void theBuildsLauncherIsExecutableAndRunsTheJarBesideItThroughALink() throws Exception {
		// given the launcher linked into a directory of the path, as into ~/bin
		assertThat(LAUNCHER).isRegularFile().isExecutable();
		Path link = Files.createSymbolicLink(bin.resolve("apm-reports"), LAUNCHER);

		// when it is asked for the version from another directory
		Run run = run(List.of(link.toString(), "--version"), Map.of());

		// then it found the jar beside the file the link points to
		assertThat(run.exitCode()).as(run.output()).isZero();
		assertThat(run.output()).isEqualTo("apm-reports " + Version.version() + "\n");
	}

	@Test
	void itGivesTheJvmTheMeasuredMemorySettingsAndJavaOptsComeLastToOverrideThem() throws Exception {
		// when a user's JAVA_OPTS sets another heap
		Run run = run(List.of(LAUNCHER.toString(), "--version"),
				Map.of("JAVA_OPTS", "-XX:+PrintCommandLineFlags -Xmx256m"));

		// then the JVM got the launcher's settings, and the user's heap won
		assertThat(run.exitCode()).as(run.output()).isZero();
		assertThat(run.output()).contains("-XX:+UseSerialGC")
			.contains("-XX:MaxMetaspaceSize=134217728")
			.contains("-XX:ThreadStackSize=512")
			.contains("-XX:MaxHeapSize=268435456")
			.contains("apm-reports " + Version.version());
	}

	@Test
	void bashCompletesTheLauncherWithTheScriptItPrints() throws Exception {
		// given bash with the script completion prints sourced
		String script = "source <(\"$LAUNCHER\" completion) || exit 1\n" + "complete -p apm-reports\n"
				+ "COMP_WORDS=(apm-reports ru); COMP_CWORD=1; COMP_LINE='apm-reports ru'; COMP_POINT=${#COMP_LINE}\n"
				+ "_complete_apm-reports\n" + "echo \"offered: ${COMPREPLY[*]}\"\n";

		// when the user types "apm-reports ru" and Tab
		Run run = run(List.of("bash", "-c", script), Map.of("LAUNCHER", LAUNCHER.toString()));

		// then
		assertThat(run.exitCode()).as(run.output()).isZero();
		assertThat(run.output()).contains("-F _complete_apm-reports apm-reports").contains("offered: run runs");
	}

	private Run run(List<String> command, Map<String, String> environment) throws IOException, InterruptedException {
		ProcessBuilder builder = new ProcessBuilder(command).directory(bin.toFile()).redirectErrorStream(true);
		builder.environment().remove("JAVA_OPTS");
		builder.environment().putAll(environment);
		Process process = builder.start();
		try {
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			assertThat(process.waitFor(60, TimeUnit.SECONDS)).as(output).isTrue();
			return new Run(process.exitValue(), output);
		}
		finally {
			process.destroyForcibly();
		}
	}

	private record Run(int exitCode, String output) {
	}

}
