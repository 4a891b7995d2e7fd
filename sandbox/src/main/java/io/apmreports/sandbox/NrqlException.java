package io.apmreports.sandbox;

/**
 * A query or argument the NerdGraph face does not understand; answered with the error
 * class {@code INVALID_INPUT} and this message, which names what was not understood.
 */
final class NrqlException extends RuntimeException {

	NrqlException(String message) {
		super(message, null, false, false);
	}

}
