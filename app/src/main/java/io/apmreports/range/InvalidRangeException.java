package io.apmreports.range;

import io.apmreports.failure.UserFacingException;

/**
 * A range a user gave that cannot be reported on; the message names the offending value.
 */
public class InvalidRangeException extends UserFacingException {

	public InvalidRangeException(String message) {
		super(message);
	}

}
