/**
 * Starting, restarting, stopping and abandoning report runs: the run lock (ShedLock),
 * stale-run recovery, the runs listing, what a run's outcome tells the user and what it
 * cost.
 */
package io.apmreports.launch;
