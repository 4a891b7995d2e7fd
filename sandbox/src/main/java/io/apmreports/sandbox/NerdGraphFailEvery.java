package io.apmreports.sandbox;

/**
 * Every {@code every}-th NerdGraph request (numbered from 1 over {@code POST /graphql}
 * requests only, on arrival) is answered HTTP 200 with this error class on its NRQL and
 * entity search fields, unless an HTTP fault answered it first.
 *
 * @param errorClass {@code TIMEOUT}, {@code INTERNAL_SERVER_ERROR}, {@code SERVER_ERROR}
 * or {@code TOO_MANY_REQUESTS}
 * @param every the period, 1 or more
 */
public record NerdGraphFailEvery(String errorClass, long every) {

	/** Validates the rule. */
	public NerdGraphFailEvery {
		if (!NerdGraphErrorAnswers.FAULT_CLASSES.contains(errorClass)) {
			throw new IllegalArgumentException(
					"unknown error class '" + errorClass + "'; expected one of " + NerdGraphErrorAnswers.FAULT_CLASSES);
		}
		if (every < 1) {
			throw new IllegalArgumentException("error-class period must be 1 or more: " + every);
		}
	}

	boolean hits(long requestNumber) {
		return requestNumber % every == 0;
	}

}
