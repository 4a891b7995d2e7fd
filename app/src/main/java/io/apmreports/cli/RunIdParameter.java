package io.apmreports.cli;

import picocli.CommandLine.Parameters;

/** The run a command acts on: {@code show}'s, {@code restart}'s and {@code abandon}'s. */
final class RunIdParameter {

	@Parameters(paramLabel = "<run-id>", description = "The run, by the id 'runs' lists.")
	long value;

}
