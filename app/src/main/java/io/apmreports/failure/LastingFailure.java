package io.apmreports.failure;

/**
 * A failure that trying again cannot mend (a refused key, an account the key may not
 * read, a selection that matches nothing): a scheduler does not retry it on a timer, and
 * says so to whoever hears of it.
 */
public interface LastingFailure {

	/**
	 * Whether {@code failure} is, or was caused by, a failure trying again cannot mend.
	 */
	static boolean in(Throwable failure) {
		return Failures.first(failure, LastingFailure.class::isInstance).isPresent();
	}

}
