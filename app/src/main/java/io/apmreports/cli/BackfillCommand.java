package io.apmreports.cli;

import java.util.List;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import io.apmreports.failure.UserFacingException;
import io.apmreports.run.HistoryBackfill;
import io.apmreports.run.ReportRequest;
import io.apmreports.run.RequestedRange;
import io.apmreports.schedule.Schedules;

/**
 * {@code backfill}: a report's past periods into its kept history, from the source where
 * the vendor still holds them, so that a report shows its course from its first run.
 */
@Command(name = "backfill", mixinStandardHelpOptions = true,
		description = {
				"Fills the report's kept history with the periods before its range, from the source, "
						+ "where the vendor still holds their figures, and says per period where they came from.",
				"A period kept already (by a run or a backfill) is left as it is. Exit 1 when some period could "
						+ "not be recorded as applications failed." })
final class BackfillCommand extends DemoCommand {

	/**
	 * A year of weeks and then some: beyond that the vendor keeps none at this detail.
	 */
	private static final int MOST_PERIODS = 60;

	@Parameters(paramLabel = "<report>", description = "The report: the definition <report>.yml in the directory "
			+ "of the setting report.definitions (reports/).")
	String report;

	@Option(names = "--periods", paramLabel = "N", defaultValue = "12",
			description = "How many periods before the range to fill, 1 to " + MOST_PERIODS + ". Default: 12.")
	int periods;

	@Option(names = "--from", paramLabel = "ISO", description = "Start of the range the periods come before, as "
			+ "run's --from; with --to. Default: the definition's range before now, in its time zone.")
	String from;

	@Option(names = "--to", paramLabel = "ISO", description = "End of that range (excluded), as --from.")
	String to;

	@Option(names = "--team", paramLabel = "NAME",
			description = "One team's share of the report, as a schedule that fans the report out over teams "
					+ "defines it: the history its team's runs keep.")
	String team;

	@Override
	void check(BeforeSpring.Bound settings) {
		if (periods < 1 || periods > MOST_PERIODS) {
			throw new UserFacingException(
					"--periods " + periods + " is not a number of periods from 1 to " + MOST_PERIODS);
		}
		ReportAndRange selection = new ReportAndRange();
		selection.report = report;
		selection.from = from;
		selection.to = to;
		BeforeSpring.checkReport(settings, selection, team, demo);
	}

	@Override
	int run(SpringSession spring) {
		Schedules schedules = spring.bean(Schedules.class);
		ReportRequest request = new ReportRequest(report, RequestedRange.typed(from, to), null, false, List.of(),
				team == null ? null : schedules.teamOf(report, team));
		HistoryBackfill.Outcome outcome = spring.bean(HistoryBackfill.class).backfill(request, periods, line -> {
			out().println(line);
			out().flush();
		});
		return outcome.failed() == 0 ? ExitCodes.OK : ExitCodes.RUN_FAILED;
	}

}
