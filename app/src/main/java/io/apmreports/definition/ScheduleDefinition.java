package io.apmreports.definition;

import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.stream.Stream;

import org.springframework.scheduling.support.CronExpression;

import io.apmreports.range.RangeSpec;
import io.apmreports.range.TimeRange;

/**
 * A schedule as {@code schedules/<name>.yml} defines it: when a report is run, for which
 * range, and who gets it.
 *
 * @param name the file's base name
 * @param cron when it fires, in Spring's six-field cron syntax, read in {@code zone}
 * @param zone the zone of the cron expression and of the range's midnights
 * @param report the name of the report definition it runs
 * @param range the period each run covers: the schedule's own, or else the report's
 * @param recipients the e-mail addresses the report goes to; for a schedule that fans out
 * over teams, each team's own
 * @param enabled whether it fires at all
 * @param teams the teams the report is fanned out over, each a run and an e-mail of its
 * own; none for a schedule that sends the whole report
 * @param team for one team's share of a fanned-out schedule (see {@link #perTeam()}),
 * that team; else {@code null}
 * @param sendWhen when a run delivers its report
 * @param onFailure who hears of a run that failed or was given up: e-mail addresses and
 * chat channels; none to leave it to the log
 */
public record ScheduleDefinition(String name, CronExpression cron, ZoneId zone, String report, RangeSpec range,
		List<String> recipients, boolean enabled, List<ScheduleTeam> teams, ScheduleTeam team, SendWhen sendWhen,
		List<String> onFailure) {

	public ScheduleDefinition {
		recipients = List.copyOf(recipients);
		teams = List.copyOf(teams);
		onFailure = List.copyOf(onFailure);
	}

	/** A schedule that always sends, and tells nobody of a failure. */
	public ScheduleDefinition(String name, CronExpression cron, ZoneId zone, String report, RangeSpec range,
			List<String> recipients, boolean enabled, List<ScheduleTeam> teams, ScheduleTeam team) {
		this(name, cron, zone, report, range, recipients, enabled, teams, team, SendWhen.ALWAYS, List.of());
	}

	/** A schedule that sends the whole report to its recipients. */
	public ScheduleDefinition(String name, CronExpression cron, ZoneId zone, String report, RangeSpec range,
			List<String> recipients, boolean enabled) {
		this(name, cron, zone, report, range, recipients, enabled, List.of(), null);
	}

	/**
	 * What fires: this schedule, or for one that fans out, one schedule per team, named
	 * {@code <schedule>/<team>}, with the team's recipients. Each fires, retries and is
	 * caught up on its own, so a team's failed run never holds back the others.
	 */
	public List<ScheduleDefinition> perTeam() {
		if (teams.isEmpty()) {
			return List.of(this);
		}
		return teams.stream()
			.map(one -> new ScheduleDefinition(name + "/" + one.name(), cron, zone, report, range, one.recipients(),
					enabled, List.of(), one, sendWhen, onFailure))
			.toList();
	}

	/**
	 * Everyone the schedule may send to: its recipients, and those told of a failed run;
	 * what the scheduler checks it can reach before it fires.
	 */
	public List<Recipient> reached() {
		return Stream.concat(recipients.stream(), onFailure.stream()).map(Recipient::parse).toList();
	}

	/**
	 * The range a run fired at {@code fireTime} reports. It depends on the fire time
	 * alone, never on when the run actually started, so that a run delayed past midnight
	 * or caught up days later still reports the period it was meant for, and a second
	 * attempt is the same job instance as the first.
	 */
	public TimeRange rangeFor(ZonedDateTime fireTime) {
		return range.lastBefore(fireTime.withZoneSameInstant(zone));
	}

}
