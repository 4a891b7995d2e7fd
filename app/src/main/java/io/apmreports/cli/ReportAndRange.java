package io.apmreports.cli;

import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The report a command is about and its range: {@code run}'s, {@code preview}'s and
 * {@code compare-sources}'.
 */
class ReportAndRange {

	@Parameters(paramLabel = "<report>", description = "The report: the definition <report>.yml in the directory "
			+ "of the setting report.definitions (reports/).")
	String report;

	@Option(names = "--from", paramLabel = "ISO", description = "Start of the range, ISO 8601 with an offset "
			+ "(2026-11-02T00:00:00+01:00), or a date (2026-11-02: midnight in the report's time zone); with --to. "
			+ "Default: the definition's range before now, in its time zone.")
	String from;

	@Option(names = "--to", paramLabel = "ISO", description = "End of the range (excluded), as --from.")
	String to;

}
