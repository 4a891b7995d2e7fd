package io.apmreports.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Runs the command line in this JVM as a user would, capturing everything it prints, log
 * output included (the console appender writes to {@code System.out}).
 */
final class CliRunner {

	private CliRunner() {
	}

	static Result run(String... args) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		PrintStream originalOut = System.out;
		PrintStream originalErr = System.err;
		try (PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
				PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8)) {
			System.setOut(outStream);
			System.setErr(errStream);
			int exitCode = new Main(outStream, errStream).execute(args);
			return new Result(exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
		}
		finally {
			System.setOut(originalOut);
			System.setErr(originalErr);
		}
	}

	/**
	 * What a command printed and how it ended.
	 *
	 * @param exitCode the exit code
	 * @param out standard output
	 * @param err standard error
	 */
	record Result(int exitCode, String out, String err) {

		String all() {
			return out + err;
		}

	}

}
