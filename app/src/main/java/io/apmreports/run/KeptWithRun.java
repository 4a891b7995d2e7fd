package io.apmreports.run;

/**
 * A record kept with a run outside Spring Batch's tables and the staging area, which goes
 * when the run is removed ({@code report.keep-for}): the rooms above that keep one (the
 * console's record of who did what) say how to forget it.
 */
public interface KeptWithRun {

	/** Forgets what is kept of this job instance. */
	void forget(long instanceId);

}
