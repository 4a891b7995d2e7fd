package io.apmreports.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine.Option;

import io.apmreports.definition.Recipient;
import io.apmreports.definition.SendWhen;
import io.apmreports.failure.UserFacingException;
import io.apmreports.run.ReportRequest;
import io.apmreports.run.RequestedRange;
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

	@Option(names = "--recipients", paramLabel = "TO", split = ",", description = "Who gets the report, TO,...: "
			+ "e-mail addresses ('Jane Doe <jane@example.com>' too) and chat channels (slack:NAME, teams:NAME, each "
			+ "with its webhook in APM_SLACK_WEBHOOK_NAME or APM_TEAMS_WEBHOOK_NAME). Default: the recipients of the "
			+ "enabled schedules that run the report.")
	List<String> recipients = List.of();

	@Option(names = "--team", paramLabel = "NAME", description = "One team's share of the report, as a schedule "
			+ "(enabled or not) that fans the report out over teams defines it: only the team's applications, in a run, "
			+ "directory and e-mail of its own.")
	String team;

	ReportRequest request(boolean force, List<String> to, Schedules schedules) {
		return request(force, to, schedules, SendWhen.ALWAYS);
	}

	ReportRequest request(boolean force, List<String> to, Schedules schedules, SendWhen sendWhen) {
		return new ReportRequest(report, RequestedRange.typed(from, this.to), outputDir, force, to,
				team == null ? null : schedules.teamOf(report, team), sendWhen);
	}

	/** The recipients of {@code --recipients}, checked; empty when it is not given. */
	List<String> recipients() {
		return recipients(recipients);
	}

	/**
	 * Recipients as an option gives them, each checked in one line that names the option.
	 */
	static List<String> recipients(List<String> given) {
		List<String> checked = new ArrayList<>();
		for (String recipient : given) {
			try {
				checked.add(Recipient.parse(recipient).toString());
			}
			catch (UserFacingException ex) {
				throw new UserFacingException("--recipients " + ex.getMessage());
			}
		}
		return checked;
	}

}
