package io.apmreports.failure;

import java.io.IOException;

/**
 * A request that got no answer, its cause already told in a user's words by whoever knew
 * the host and the proxy it went to. It stays an {@link IOException} so that an HTTP
 * client wraps it as it wraps any failure to connect, and callers handle both alike.
 */
public class Unreachable extends IOException {

	private final boolean lasting;

	/**
	 * @param words what happened, naming the host or the proxy, never the URL
	 * @param lasting whether trying again cannot help (a proxy that refuses)
	 * @param cause what the network said, kept for the log
	 */
	public Unreachable(String words, boolean lasting, Throwable cause) {
		super(words, cause);
		this.lasting = lasting;
	}

	/** Whether trying again cannot help: the setting must change first. */
	public boolean lasting() {
		return lasting;
	}

	/** Whether {@code failure} is, or was caused by, a lasting failure to reach. */
	public static boolean isLasting(Throwable failure) {
		return Failures.find(failure, Unreachable.class).filter(Unreachable::lasting).isPresent();
	}

}
