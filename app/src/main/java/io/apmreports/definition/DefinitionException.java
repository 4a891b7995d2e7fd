package io.apmreports.definition;

import io.apmreports.failure.UserFacingException;

/**
 * A report or schedule definition that cannot be used; the message names the file and the
 * field.
 */
public class DefinitionException extends UserFacingException {

	public DefinitionException(String message) {
		super(message);
	}

}
