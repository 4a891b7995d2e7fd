package io.apmreports.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import io.apmreports.run.ReportLauncher;

/** {@code restart}: a failed, stopped or killed run from its last committed chunk. */
@Command(name = "restart", mixinStandardHelpOptions = true, description = {
		"Restarts a failed, stopped or killed run from its last committed chunk.",
		"It reads the account it started on: a demo run only with --demo, a real one only without. An abandoned run "
				+ "is never restarted." })
final class RestartCommand extends DemoCommand {

	@Mixin
	RunIdParameter runId;

	@Override
	int run(SpringSession spring) {
		return Outcomes.run(spring, () -> spring.bean(ReportLauncher.class).restart(runId.value), out(), err());
	}

}
