package io.apmreports.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import io.apmreports.run.ReportLauncher;
import io.apmreports.run.ReportOutcome;
import io.apmreports.run.ReportPreview;
import io.apmreports.schedule.Schedules;

/**
 * {@code preview}: runs the report without sending it, then writes its e-mail as an .eml
 * file beside its folder, in {@code <from>_<to>.preview/}, addressed to the first
 * recipient: those given, or else those of the schedules that send the report.
 */
@Command(name = "preview", mixinStandardHelpOptions = true,
		description = {
				"Runs a report (or reuses its completed run) and writes the e-mail delivery would send as an .eml file "
						+ "beside its folder (in <from>_<to>.preview/), without sending it.",
				"It is addressed to the first recipient; the others would get the same, each with its own To and "
						+ "Message-ID." })
final class PreviewCommand extends DemoCommand {

	@Mixin
	ReportSelection selection;

	@Override
	void check(BeforeSpring.Bound settings) {
		selection.recipients();
		BeforeSpring.checkReport(settings, selection, selection.team, demo);
	}

	@Override
	int run(SpringSession spring) {
		List<String> given = selection.recipients();
		Schedules schedules = spring.bean(Schedules.class);
		List<String> to = given.isEmpty() ? schedules.recipientsOf(selection.report, selection.team) : given;
		String recipient = to.get(0);
		ReportOutcome outcome = Outcomes.launch(spring,
				() -> spring.bean(ReportLauncher.class).launch(selection.request(false, List.of(), schedules)));
		if (outcome.result() != ReportOutcome.Result.COMPLETED
				&& outcome.result() != ReportOutcome.Result.ALREADY_COMPLETED) {
			return Outcomes.report(outcome, Optional.empty(), out(), err());
		}
		Path file = spring.bean(ReportPreview.class).write(outcome.executionId(), recipient);
		out().println("E-mail to " + recipient + " for " + outcome.range() + " written, not sent"
				+ (to.size() > 1 ? " (" + String.join(", ", to.subList(1, to.size()))
						+ " would get the same, each with its own To and Message-ID)" : "")
				+ ":");
		out().println("  " + file);
		return ExitCodes.OK;
	}

}
