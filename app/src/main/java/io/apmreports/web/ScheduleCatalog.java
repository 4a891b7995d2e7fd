package io.apmreports.web;

import java.time.Clock;
import java.time.ZonedDateTime;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.springframework.stereotype.Component;

import io.apmreports.definition.ScheduleDefinition;
import io.apmreports.run.ReportRuns;
import io.apmreports.run.ReportRuns.RunSummary;
import io.apmreports.schedule.FireTimes;
import io.apmreports.schedule.Schedules;

/**
 * The schedules as a console user may see them, read from their files at each ask (the
 * console never edits them): what each sends to whom and when, its next fire and how the
 * latest run of its report and team ended. A schedule that fans out over teams is one
 * entry per team, and a user sees only their teams' entries (an admin every one; the
 * whole-account schedules only those given the whole account).
 */
@Component
public class ScheduleCatalog {

	/** How many of the latest runs the last outcomes are looked for in. */
	private static final int LOOKED_THROUGH = 500;

	private final Schedules schedules;

	private final ReportRuns runs;

	private final Clock clock;

	ScheduleCatalog(Schedules schedules, ReportRuns runs, Clock clock) {
		this.schedules = schedules;
		this.runs = runs;
		this.clock = clock;
	}

	/**
	 * One schedule, or one team's share of one that fans out.
	 *
	 * @param name the schedule's name, {@code weekly-teams/checkout} for a team's share
	 * @param report the report it runs
	 * @param team the team whose share it sends, or {@code null} for the whole report
	 * @param enabled whether it fires
	 * @param cron when it fires, as its file writes it
	 * @param zone the zone its cron is read in
	 * @param range the range each run covers
	 * @param recipients who gets the report
	 * @param sendWhen when a run delivers: {@code always}, {@code regressions}, or limits
	 * @param onFailure who hears of a run that failed
	 * @param nextFire when it fires next, or {@code null} when it is disabled or never
	 * fires again
	 * @param last the latest run of its report and team, or {@code null} for none yet
	 */
	public record Entry(String name, String report, String team, boolean enabled, String cron, String zone,
			String range, List<String> recipients, String sendWhen, List<String> onFailure, ZonedDateTime nextFire,
			LastRun last) {
	}

	/**
	 * How the latest run of a schedule's report and team ended.
	 *
	 * @param executionId the run
	 * @param status its batch status
	 * @param ended when it ended, or started while it goes on
	 * @param email how its delivery went ("sent 1/1", "not sent: ...")
	 */
	public record LastRun(long executionId, String status, ZonedDateTime ended, String email) {
	}

	/** The schedules this user may see, by name. */
	public List<Entry> schedules(ConsoleUser user) {
		List<ScheduleDefinition> visible = schedules.all()
			.stream()
			.filter(schedule -> user.sees(team(schedule)))
			.toList();
		List<RunSummary> recent = visible.isEmpty() ? List.of() : latestOf(visible);
		return visible.stream().map(schedule -> entry(schedule, recent)).toList();
	}

	/**
	 * The latest run of each schedule's report and team, told in full, and no other: the
	 * runs are looked through newest first, so the first of each name is its latest.
	 */
	private List<RunSummary> latestOf(List<ScheduleDefinition> visible) {
		Set<String> wanted = visible.stream().map(ScheduleCatalog::runName).collect(Collectors.toSet());
		Set<String> found = new HashSet<>();
		return runs.recent(LOOKED_THROUGH, (status, run) -> {
			String name = run.report() + (run.team() == null ? "" : "/" + run.team());
			return wanted.contains(name) && found.add(name);
		}, 0, wanted.size());
	}

	private static String runName(ScheduleDefinition schedule) {
		return schedule.report() + (team(schedule) == null ? "" : "/" + team(schedule));
	}

	private Entry entry(ScheduleDefinition schedule, List<RunSummary> recent) {
		String runName = runName(schedule);
		LastRun last = recent.stream()
			.filter(run -> run.report().equals(runName))
			.findFirst()
			.map(run -> new LastRun(run.executionId(), run.status(), run.ended() != null ? run.ended() : run.started(),
					run.email()))
			.orElse(null);
		Optional<ZonedDateTime> next = schedule.enabled() ? FireTimes.next(schedule, clock.instant())
				: Optional.empty();
		return new Entry(schedule.name(), schedule.report(), team(schedule), schedule.enabled(),
				schedule.cron().toString(), schedule.zone().getId(), schedule.range().toString(), schedule.recipients(),
				schedule.sendWhen().text(), schedule.onFailure(), next.orElse(null), last);
	}

	private static String team(ScheduleDefinition schedule) {
		return schedule.team() == null ? null : schedule.team().name();
	}

}
