package io.apmreports.delivery;

import io.apmreports.failure.UserFacingException;

/**
 * An e-mail that could not be put together or sent; the report's files are not affected.
 */
public class DeliveryException extends UserFacingException {

	public DeliveryException(String message, Throwable cause) {
		super(message, cause);
	}

}
