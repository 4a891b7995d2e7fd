package io.apmreports.web.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.definition.ScheduleTeam;
import io.apmreports.run.ReportLauncher;
import io.apmreports.run.ReportOutcome;
import io.apmreports.run.ReportRequest;
import io.apmreports.run.RequestedRange;
import io.apmreports.testing.TestConsole;

/**
 * Runs of one team's share of the weekly report, launched in a console's own context, so
 * that its job repository holds runs of several teams.
 */
final class TeamRuns {

	private TeamRuns() {
	}

	/** A completed run of {@code team} (null: the whole selection); its id. */
	static long completed(TestConsole console, Path outputDir, String team) {
		ScheduleTeam share = team == null ? null : new ScheduleTeam(team, ApplicationFilter.all(), List.of());
		ReportOutcome outcome = console.bean(ReportLauncher.class)
			.launch(new ReportRequest("weekly-performance",
					RequestedRange.typed("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00"),
					outputDir.resolve(team == null ? "whole" : team), true, List.of(), share));
		assertThat(outcome.result()).as(outcome.message()).isEqualTo(ReportOutcome.Result.COMPLETED);
		return outcome.executionId();
	}

}
