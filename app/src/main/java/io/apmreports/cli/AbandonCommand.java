package io.apmreports.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import io.apmreports.run.ReportRuns;

/** {@code abandon}: gives up on a run for good. */
@Command(name = "abandon", mixinStandardHelpOptions = true,
		description = { "Gives up on a failed, stopped or killed run for good.",
				"It is never restarted, and running its report and range again starts a new run." })
final class AbandonCommand extends SpringCommand {

	@Mixin
	RunIdParameter runId;

	@Override
	int run(SpringSession spring) {
		out().println(spring.bean(ReportRuns.class).abandon(runId.value));
		return ExitCodes.OK;
	}

}
