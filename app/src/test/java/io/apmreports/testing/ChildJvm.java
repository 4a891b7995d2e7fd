package io.apmreports.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.apmreports.cli.Main;

/**
 * The command line in a JVM of its own, started as a user starts it (without the test
 * JVM's assertions), for what a test cannot do in its own JVM: kill it, signal it, or see
 * the job repository as a real start leaves it.
 */
public final class ChildJvm {

	/**
	 * The launcher's collector, and C1 alone: a child runs for seconds, and on two cores
	 * C2's compiler threads took more of its CPU than the command did.
	 */
	private static final List<String> COMMAND_LINE_JVM = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

	private ChildJvm() {
	}

	/**
	 * Starts the command line with {@code args} and these environment variables, its
	 * output going to {@code log}.
	 */
	public static Process start(List<String> args, Map<String, String> environment, Path log) throws IOException {
		return start(COMMAND_LINE_JVM, Main.class, args, environment, log);
	}

	/**
	 * Starts {@code main}'s main method with these JVM options (a small heap, say) on the
	 * test's class path.
	 */
	public static Process start(List<String> jvmOptions, Class<?> main, List<String> args,
			Map<String, String> environment, Path log) throws IOException {
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
		command.addAll(jvmOptions);
		command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
		command.addAll(args);
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
		builder.environment().putAll(environment);
		return builder.start();
	}

	public static Process start(List<String> args, Path log) throws IOException {
		return start(args, Map.of(), log);
	}

	/** Runs the command line to its end and answers its exit code. */
	public static int run(List<String> args, Path log) throws IOException, InterruptedException {
		return start(args, log).waitFor();
	}

}
