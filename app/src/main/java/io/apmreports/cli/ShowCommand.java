package io.apmreports.cli;

import java.io.PrintWriter;
import java.util.Optional;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import io.apmreports.failure.UserFacingException;
import io.apmreports.run.ReportRuns.RunSummary;
import io.apmreports.run.ReportRuns;

/**
 * {@code show}: one run, a field a line, for a user who wants to know where its files
 * went or why it failed.
 */
@Command(name = "show", mixinStandardHelpOptions = true, description = {
		"Tells one run: report, range, status, source, account, start and end, e-mail, its failure, and every file it "
				+ "wrote." })
final class ShowCommand extends SpringCommand {

	@Mixin
	RunIdParameter runId;

	@Override
	Optional<Integer> withoutSpring(BeforeSpring.Bound settings) {
		return BeforeSpring.jobRepository(settings).map(repository -> {
			try (repository) {
				return print(repository.history()
					.orElseThrow(() -> new UserFacingException("no run " + runId.value + " (see 'runs')"))
					.show(runId.value));
			}
		});
	}

	@Override
	int run(SpringSession spring) {
		return print(spring.bean(ReportRuns.class).show(runId.value));
	}

	private int print(RunSummary run) {
		PrintWriter out = out();
		out.println("Run:      " + run.executionId());
		out.println("Report:   " + run.report());
		out.println("Range:    " + run.from() + " to " + run.to());
		out.println(
				"Status:   " + run.status() + (run.continuedAs() == null ? "" : ", " + run.continuedAs().describe()));
		out.println("Source:   " + run.source());
		if (run.accounts() != null) {
			out.println((run.accounts().several() ? "Accounts: " : "Account:  ") + run.accounts().describe());
		}
		out.println("Started:  " + RunTimes.time(run.started()));
		out.println("Ended:    " + RunTimes.time(run.ended())
				+ (run.duration() == null ? "" : " (" + RunTimes.duration(run.duration()) + ")"));
		out.println("Delivery: " + (run.recipients().isEmpty() ? "none, files only"
				: run.email() + " (to " + String.join(", ", run.recipients()) + ")"));
		if (!run.failure().isEmpty()) {
			out.println("Failure:  " + run.failure());
		}
		out.println("Files:    " + (run.files().isEmpty() ? "none" : run.directory()));
		run.files().forEach(file -> out.println("  " + file));
		return ExitCodes.OK;
	}

}
