package io.apmreports.schedule;

import java.time.ZonedDateTime;

import io.apmreports.run.ReportOutcome;

/**
 * One fire of a schedule and how its run ended.
 *
 * @param schedule the schedule's name
 * @param fireTime when it fired (or should have, for a catch-up), which fixes the range
 * @param outcome how the run ended
 */
record Fired(String schedule, ZonedDateTime fireTime, ReportOutcome outcome) {
}
