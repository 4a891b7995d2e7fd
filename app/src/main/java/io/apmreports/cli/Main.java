package io.apmreports.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;

import picocli.AutoComplete.GenerateCompletion;
import picocli.CommandLine;
import picocli.CommandLine.TypeConversionException;

/**
 * The command line of apm-reports. Exit codes: 0 done, 1 the run failed, 2 bad input (one
 * line on standard error), 130 stopped by Ctrl+C (SIGINT) and 143 by SIGTERM (the JVM's
 * own codes for them, once a run going on has stopped at the end of its chunk).
 */
public final class Main {

	private final PrintStream out;

	private final PrintStream err;

	Main(PrintStream out, PrintStream err) {
		this.out = out;
		this.err = err;
	}

	public static void main(String[] args) {
		System.exit(new Main(System.out, System.err).execute(args));
	}

	int execute(String... args) {
		return commandLine(out, err).execute(args);
	}

	/**
	 * Every command, writing to {@code out} and {@code err}, its mistakes and failures
	 * answered in one line.
	 */
	static CommandLine commandLine(PrintStream out, PrintStream err) {
		// the job repository a scheduler serves to the commands beside it (H2's TCP
		// server)
		// listens on loopback alone; read by H2 once, before its first use
		System.setProperty("h2.bindAddress", "127.0.0.1");
		CommandLine commandLine = new CommandLine(new ApmReportsCommand());
		// completion is a command of its own, not the generated "generate-completion":
		// its
		// help, which names the command to source, is to say so too
		CommandLine completion = new CommandLine(new GenerateCompletion());
		completion.getCommandSpec().name("completion");
		commandLine.addSubcommand("completion", completion);
		// --version after any command says the same as before it
		commandLine.getSubcommands()
			.values()
			.forEach(command -> command.getCommandSpec().versionProvider(new Version()));
		commandLine.setOut(new PrintWriter(out, true));
		commandLine.setErr(new PrintWriter(err, true));
		// a report name or an address may start with @: it is never a file of arguments
		commandLine.setExpandAtFiles(false);
		commandLine.registerConverter(Path.class, Main::path);
		commandLine.setParameterExceptionHandler(new BadArguments());
		commandLine.setExecutionExceptionHandler(new ExitCodes());
		return commandLine;
	}

	/**
	 * A path given as an option; an empty one would be the working directory, which no
	 * {@code --dir=} means.
	 */
	private static Path path(String text) {
		if (text.isBlank()) {
			throw new TypeConversionException("no path given");
		}
		return Path.of(text);
	}

}
