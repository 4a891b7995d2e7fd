package io.apmreports.cli;

import java.time.Clock;
import java.util.List;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import io.apmreports.compare.Comparison;
import io.apmreports.compare.Difference;
import io.apmreports.compare.SourceComparer;
import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.failure.UserFacingException;
import io.apmreports.range.TimeRange;

/**
 * {@code compare-sources}: what a user runs before switching a report from REST v2 to
 * NRQL. It stages nothing and writes no file: it only reads both sources.
 */
@Command(name = "compare-sources", mixinStandardHelpOptions = true,
		description = {
				"Asks REST v2 and NRQL for a report's figures over the same range and prints every value "
						+ "they disagree on beyond a tolerance, then a one-line verdict.",
				"Exit 0 when they agree, 1 when they do not. Needs apm.account-id for NRQL (not with --demo)." })
final class CompareSourcesCommand extends DemoCommand {

	/** More would bury the verdict; the count says how many are left out. */
	private static final int SHOWN = 50;

	@Mixin
	ReportAndRange selection;

	@Option(names = "--tolerance", paramLabel = "SHARE", defaultValue = "1e-6",
			description = "How far two figures may differ, as a share of the larger: 1e-6 (the default) is "
					+ "0.0001%%. Texts (statuses, names) must be equal.")
	double tolerance;

	@Override
	void check(BeforeSpring.Bound settings) {
		if (!(tolerance >= 0 && tolerance < 1)) {
			throw new UserFacingException("--tolerance " + tolerance + " is not a share from 0 up to 1, such as 1e-6");
		}
		BeforeSpring.checkReport(settings, selection, null, demo);
	}

	@Override
	int run(SpringSession spring) {
		ReportDefinition definition = spring.bean(ReportDefinitions.class).load(selection.report);
		TimeRange range = definition.rangeFor(selection.from, selection.to, spring.bean(Clock.class));
		out().println("Comparing the figures of " + definition.name() + " for " + range + " from REST v2 and NRQL");
		out().flush();
		Comparison comparison = spring.bean(SourceComparer.class).compare(definition, range, tolerance);
		List<Difference> differences = comparison.differences();
		differences.stream().limit(SHOWN).forEach(difference -> out().println(line(difference)));
		if (differences.size() > SHOWN) {
			out().println("  ... and " + (differences.size() - SHOWN) + " more");
		}
		out().println(comparison.verdict());
		return comparison.same() ? ExitCodes.OK : ExitCodes.RUN_FAILED;
	}

	private static String line(Difference difference) {
		return "  " + difference.applicationId() + " " + difference.applicationName() + ": " + difference.what()
				+ ": rest " + difference.rest() + ", nrql " + difference.nrql();
	}

}
