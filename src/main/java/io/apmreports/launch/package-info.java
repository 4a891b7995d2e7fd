/**
 * Starting, restarting, stopping and abandoning report runs: the launch lock, stale-run
 * recovery, the runs listing and what a run's outcome tells the user.
 */
package io.apmreports.launch;
