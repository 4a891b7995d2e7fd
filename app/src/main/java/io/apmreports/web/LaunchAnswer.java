package io.apmreports.web;

/**
 * What became of a launch or restart asked in the console, as soon as that is known.
 *
 * @param status started, answered by a run that completed before, busy elsewhere, or
 * still waiting for a thread
 * @param runId the run started or found, or {@code null} when there is none yet
 * @param message one line for the user
 */
public record LaunchAnswer(Status status, Long runId, String message) {

	/** How a launch was answered. */
	public enum Status {

		/** The run started: it goes on, and its page shows it. */
		STARTED,

		/**
		 * The report and range completed before in {@code runId}; nothing was run again.
		 */
		EXISTING,

		/** Another process (another node) is running the same report and range now. */
		BUSY,

		/** Queued behind other launches of this console; not started yet. */
		WAITING

	}

}
