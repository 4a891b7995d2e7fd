package io.apmreports.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code apm-reports}: the commands, {@code --help} and {@code --version}. Without a
 * command it says so and lists them.
 */
@Command(name = "apm-reports", mixinStandardHelpOptions = true, versionProvider = Version.class,
		description = "Weekly and monthly APM performance reports as XLSX and CSV.",
		subcommands = { RunCommand.class, PreviewCommand.class, SchedulerCommand.class, ServeCommand.class,
				RunsCommand.class, ShowCommand.class, DeliverCommand.class, SendTestCommand.class, RestartCommand.class,
				AbandonCommand.class, BackfillCommand.class, CompareSourcesCommand.class, ValidateCommand.class,
				BenchCommand.class, SandboxCommand.class, HashPasswordCommand.class, HelpCommand.class },
		exitCodeListHeading = "%nExit codes:%n",
		exitCodeList = { "0:done", "1:the run failed (one line on standard error)",
				"2:bad input (one line on standard error)",
				"130:stopped by Ctrl+C (SIGINT); a run stops at the end of its chunk, and running it again continues it",
				"143:stopped by SIGTERM, as by Ctrl+C" },
		footer = { "", "Settings (see docs/configuration.md) go after the command as --name=value, "
				+ "for example --apm.rate-limit=500." })
final class ApmReportsCommand implements Callable<Integer> {

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		spec.commandLine().getErr().println("apm-reports: no command given");
		spec.commandLine().usage(spec.commandLine().getErr());
		return ExitCodes.BAD_INPUT;
	}

}
