package io.apmreports.schedule;

import java.util.ArrayList;
import java.util.List;

import org.springframework.stereotype.Component;

import io.apmreports.definition.ReportDefinitions;
import io.apmreports.definition.ScheduleDefinition;
import io.apmreports.definition.ScheduleDefinitions;
import io.apmreports.definition.ScheduleTeam;
import io.apmreports.failure.UserFacingException;

/**
 * The schedules of {@code schedule.definitions}, loaded and checked anew at each ask, one
 * for each team of a schedule that fans out; and what an on-demand run takes from them:
 * who gets a report, and a team's selection.
 */
@Component
public class Schedules {

	private final ScheduleDefinitions definitions;

	private final ScheduleProperties properties;

	Schedules(ScheduleDefinitions definitions, ScheduleProperties properties) {
		this.definitions = definitions;
		this.properties = properties;
	}

	/**
	 * The schedules of these settings, without an application context: for the command
	 * line's checks before it starts one.
	 */
	public static Schedules standalone(ScheduleProperties properties, ReportDefinitions reports) {
		return new Schedules(new ScheduleDefinitions(properties.definitions(), reports), properties);
	}

	/** The enabled schedules, one for each team of one that fans out. */
	public List<ScheduleDefinition> enabled() {
		return all().stream().filter(ScheduleDefinition::enabled).toList();
	}

	/** Every schedule, enabled or not, one for each team of one that fans out. */
	public List<ScheduleDefinition> all() {
		ReportDefinitions.requireDirectory(properties.definitions(), "schedule.definitions");
		List<ScheduleDefinition> schedules = new ArrayList<>();
		for (String name : definitions.names()) {
			schedules.addAll(definitions.load(name).perTeam());
		}
		return schedules;
	}

	/**
	 * Who gets a report when it is run on demand to be delivered "as the schedule would":
	 * the recipients of every enabled schedule that runs it, or of that team's share when
	 * {@code team} is given.
	 */
	public List<String> recipientsOf(String report, String team) {
		if (team != null) {
			// an unknown team is told with the teams there are, as a run without
			// --deliver
			// tells it
			teamOf(report, team);
		}
		// a team is had from its schedule whether or not that fires: run --team is the
		// way to send one team's share by hand
		List<ScheduleDefinition> sending = (team == null ? enabled() : all()).stream()
			.filter(schedule -> schedule.report().equals(report))
			.filter(schedule -> team == null ? schedule.team() == null
					: schedule.team() != null && schedule.team().name().equals(team))
			.toList();
		List<String> recipients = sending.stream()
			.flatMap(schedule -> schedule.recipients().stream())
			.distinct()
			.toList();
		if (recipients.isEmpty()) {
			// a known team always has recipients: only a whole report gets here
			throw new UserFacingException(noSchedule(report));
		}
		return recipients;
	}

	/**
	 * The team of a schedule (enabled or not) that fans {@code report} out, for a run on
	 * demand of that team's share.
	 * @throws UserFacingException naming the teams there are, when none is called so
	 */
	public ScheduleTeam teamOf(String report, String team) {
		List<ScheduleTeam> teams = all().stream()
			.filter(schedule -> schedule.report().equals(report) && schedule.team() != null)
			.map(ScheduleDefinition::team)
			.toList();
		return teams.stream().filter(one -> one.name().equals(team)).findFirst().orElseThrow(() -> {
			String known = String.join(", ", teams.stream().map(ScheduleTeam::name).distinct().toList());
			return new UserFacingException("no schedule in " + properties.definitions() + " has a team '" + team
					+ "' for report " + report + (known.isEmpty() ? "" : " (its teams: " + known + ")"));
		});
	}

	private String noSchedule(String report) {
		// a disabled schedule's teams are there for run --team all the same
		boolean byTeam = all().stream()
			.anyMatch(schedule -> schedule.report().equals(report) && schedule.team() != null);
		return "no enabled schedule in " + properties.definitions() + " sends report " + report
				+ (byTeam ? " whole (its schedules send it per team: add --team=NAME)" : "")
				+ ": give --recipients=ADDRESS[,ADDRESS...]";
	}

}
