package io.apmreports.cli;

import java.util.List;
import java.util.Optional;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import io.apmreports.run.ReportRuns.RunSummary;
import io.apmreports.run.ReportRuns;

/** {@code runs}: recent runs, one a line. */
@Command(name = "runs", mixinStandardHelpOptions = true, description = {
		"Lists recent runs, one a line: id, report, range, status, source, account, start, duration, e-mail and output "
				+ "directory.",
		"'show <run-id>' tells one run in full." })
final class RunsCommand extends SpringCommand {

	private static final String FORMAT = "%-6s %-28s %-25s %-25s %-10s %-16s %-24s %-25s %9s  %-9s  %s%n";

	private int limit;

	@Option(names = "--limit", paramLabel = "N", defaultValue = "20",
			description = "How many runs, the latest first (default: ${DEFAULT-VALUE}).")
	void limit(int limit) {
		if (limit < 1) {
			throw new ParameterException(spec.commandLine(), "--limit '" + limit + "' is not a positive number");
		}
		this.limit = limit;
	}

	@Override
	Optional<Integer> withoutSpring(BeforeSpring.Bound settings) {
		return BeforeSpring.jobRepository(settings).map(repository -> {
			try (repository) {
				return print(repository.history().map(history -> history.recent(limit)).orElse(List.of()));
			}
		});
	}

	@Override
	int run(SpringSession spring) {
		return print(spring.bean(ReportRuns.class).recent(limit));
	}

	private int print(List<RunSummary> runs) {
		if (runs.isEmpty()) {
			out().println("No runs yet.");
			return ExitCodes.OK;
		}
		out().printf(FORMAT, "RUN", "REPORT", "FROM", "TO", "STATUS", "SOURCE", "ACCOUNT", "STARTED", "DURATION",
				"DELIVERY", "OUTPUT");
		for (RunSummary run : runs) {
			out().printf(FORMAT, run.executionId(), run.report(), run.from(), run.to(), run.status(), run.source(),
					run.accountText(), RunTimes.time(run.started()), RunTimes.duration(run.duration()), run.email(),
					run.directory() == null ? "" : run.directory());
		}
		// a restart is a run of its own: the one it continued points to it
		runs.stream()
			.filter(run -> run.continuedAs() != null)
			.forEach(run -> out().println("Run " + run.executionId() + " was " + run.continuedAs().describe() + "."));
		out().println("'show <run-id>' tells one run: its files, delivery and failure.");
		return ExitCodes.OK;
	}

}
