/**
 * Scheduler mode: fires the schedules of {@code schedules/} on their cron, catches up a
 * fire missed while no node was up, and launches each run with the range of its fire
 * time.
 */
package io.apmreports.schedule;
