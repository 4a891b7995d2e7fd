package io.apmreports.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine.Option;

import io.apmreports.definition.ScheduleDefinitions;
import io.apmreports.failure.UserFacingException;
import io.apmreports.run.ReportRequest;
import io.apmreports.schedule.Schedules;

/**
 * The report a command runs, its range, where its files go, and who gets it:
 * {@code run}'s and {@code preview}'s.
 */
final class ReportSelection extends ReportAndRange {

	@Option(names = "--output-dir", paramLabel = "DIR",
			description = "Where the files go, under <report>/<account>/[<team>/]<from>_<to>/. Default: the setting "
					+ "report.output-dir.")
	Path outputDir;

	@Option(names = "--recipients", paramLabel = "ADDRESS", split = ",", description = "Who gets the e-mail, "
			+ "ADDRESS,... Default: the recipients of the enabled schedules that run the report.")
	List<String> recipients = List.of();

	@Option(names = "--team", paramLabel = "NAME", description = "One team's share of the report, as a schedule "
			+ "(enabled or not) that fans the report out over teams defines it: only the team's applications, in a run, "
			+ "directory and e-mail of its own.")
	String team;

	ReportRequest request(boolean force, List<String> to, Schedules schedules) {
		return new ReportRequest(report, from, this.to, outputDir, force, to,
				team == null ? null : schedules.teamOf(report, team));
	}

	/** The addresses of {@code --recipients}, checked; empty when it is not given. */
	List<String> recipients() {
		List<String> addresses = new ArrayList<>();
		for (String address : recipients) {
			if (!ScheduleDefinitions.isEmailAddress(address.trim())) {
				throw new UserFacingException("--recipients '" + address.trim() + "' is not an e-mail address");
			}
			addresses.add(address.trim());
		}
		return addresses;
	}

}
