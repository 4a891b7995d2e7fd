package io.apmreports.launch;

import io.apmreports.UserFacingException;

/**
 * A run that could not start or finish for a reason other than bad input: one line, and
 * exit code 1.
 */
public class RunFailedException extends UserFacingException {

	public RunFailedException(String message, Throwable cause) {
		super(message, cause);
	}

}
