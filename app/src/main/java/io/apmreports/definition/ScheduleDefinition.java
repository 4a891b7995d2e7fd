package io.apmreports.definition;

import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;

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
 * @param recipients the e-mail addresses the report goes to, never empty
 * @param enabled whether it fires at all
 */
public record ScheduleDefinition(String name, CronExpression cron, ZoneId zone, String report, RangeSpec range,
		List<String> recipients, boolean enabled) {

	public ScheduleDefinition {
		recipients = List.copyOf(recipients);
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
