package io.apmreports.sandbox;

/**
 * How the metric data of an application listed in {@link Faults#badBodies()} is spoiled;
 * always with status 200.
 */
public enum BadBody {

	/**
	 * An HTML page, as from a proxy or a login portal, with
	 * {@code Content-Type: text/html}.
	 */
	HTML,
	/**
	 * The first half of the real JSON, with a Content-Length that matches what is sent.
	 */
	TRUNCATED_JSON,
	/** A value written as a string: {@code "call_count":"many"}. */
	WRONG_TYPES,
	/** A value written as an unquoted {@code NaN}, which is not JSON. */
	NAN,
	/** A count that cannot be: {@code "call_count":-5}. */
	NEGATIVE,
	/** A value of {@code 1e300}. */
	HUGE

}
