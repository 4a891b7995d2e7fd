package io.apmreports.delivery.webhook;

import io.apmreports.failure.UserFacingException;

/**
 * A chat message the service refused or that could not reach it, in one line that names
 * the channel and never its URL.
 */
public class WebhookException extends UserFacingException {

	WebhookException(String message) {
		super(message);
	}

}
