package io.apmreports.failure;

/**
 * A failure caused by what a user gave (a definition, an argument, a setting) or by the
 * outside world, whose message is one clear line for the user. The command line prints it
 * without a stack trace.
 */
public class UserFacingException extends RuntimeException {

	public UserFacingException(String message) {
		super(message);
	}

	public UserFacingException(String message, Throwable cause) {
		super(message, cause);
	}

}
