/**
 * A run's whole life around the job: launching and restarting under a lock (ShedLock),
 * recovering killed runs, stopping, abandoning, listing and telling runs, previewing
 * their e-mail, and removing completed runs older than {@code report.keep-for}.
 */
package io.apmreports.run;
