package io.apmreports.failure;

/**
 * A run that could not start or finish for a reason other than bad input, whichever room
 * it came from (a data source that stays down, a refused key, a job repository that
 * cannot be migrated): one line, and exit code 1.
 */
public class RunFailedException extends UserFacingException {

	public RunFailedException(String message) {
		super(message);
	}

	public RunFailedException(String message, Throwable cause) {
		super(message, cause);
	}

}
