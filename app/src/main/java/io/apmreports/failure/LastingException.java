package io.apmreports.failure;

/** A run's failure, in one line, that trying again cannot mend until a person acts. */
public class LastingException extends RunFailedException implements LastingFailure {

	public LastingException(String message) {
		super(message);
	}

}
