package io.apmreports.cli;

import java.util.List;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import io.apmreports.definition.SendWhen;
import io.apmreports.run.CompletedRunDelivery;

/**
 * {@code deliver}: a completed run's files, to its recipients or to others, without
 * fetching anything.
 */
@Command(name = "deliver", mixinStandardHelpOptions = true,
		description = { "Sends a completed run's files to its recipients, or to --recipients, without fetching or "
				+ "writing anything. Whoever had the run's report already does not get it again." })
final class DeliverCommand extends DemoCommand {

	@Mixin
	RunIdParameter runId;

	@Option(names = "--recipients", paramLabel = "TO", split = ",",
			description = "Who gets it, TO,...: e-mail addresses and chat channels (slack:NAME, teams:NAME). Default: "
					+ "the run's own recipients.")
	List<String> recipients = List.of();

	@Override
	void check(BeforeSpring.Bound settings) {
		ReportSelection.recipients(recipients);
	}

	@Override
	int run(SpringSession spring) {
		return Outcomes.run(spring, () -> spring.bean(CompletedRunDelivery.class)
			.deliver(runId.value, ReportSelection.recipients(recipients), SendWhen.ALWAYS), out(), err());
	}

}
