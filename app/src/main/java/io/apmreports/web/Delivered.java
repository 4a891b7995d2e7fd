package io.apmreports.web;

import java.util.List;

/**
 * What a resend of a completed run did.
 *
 * @param runId the completed run whose files were sent
 * @param sentTo who got it now; whoever had it before gets nothing again
 * @param message one line for the user, naming those who had it already
 */
public record Delivered(long runId, List<String> sentTo, String message) {

	public Delivered {
		sentTo = List.copyOf(sentTo);
	}

}
