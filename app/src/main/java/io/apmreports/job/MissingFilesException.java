package io.apmreports.job;

import io.apmreports.delivery.DeliveryException;

/**
 * A delivery whose files are not all there: no recipient can be sent them, and a restart
 * does not bring them back, so it fails the delivery at once, in one line.
 */
class MissingFilesException extends DeliveryException {

	MissingFilesException(String message) {
		super(message, null);
	}

}
