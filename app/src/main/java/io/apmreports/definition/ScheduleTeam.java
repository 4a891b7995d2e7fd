package io.apmreports.definition;

import java.util.List;

/**
 * One team of a schedule that fans its report out: the team gets a report of only its
 * applications, and only its own e-mail, each a run of its own.
 *
 * @param name the team's name, as the schedule writes it (lower-case letters, digits and
 * dashes); it goes into the run's identity, directory, file names and title
 * @param applications the team's applications, which take the place of the report's
 * @param recipients who gets the team's report
 */
public record ScheduleTeam(String name, ApplicationFilter applications, List<String> recipients) {

	public ScheduleTeam {
		recipients = List.copyOf(recipients);
	}

}
