/**
 * A run's whole life around the job: launching and restarting under a lock (ShedLock),
 * recovering killed runs, stopping, abandoning, listing and telling runs, and previewing
 * their e-mail.
 */
package io.apmreports.run;
