package io.apmreports.source;

/**
 * What became of an application's (or host's) figures; its value is what the tables hold
 * and the files show.
 */
public enum FigureStatus {

	OK("ok"),

	/** Nothing was called in the range: the figures are absent, not failed. */
	NO_DATA("no_data"),

	/** What a relaunch may fix: it fetches these again. */
	FAILED("failed"),

	/**
	 * Deleted between the listing and its metric call (answered 404): not a failure, and
	 * never fetched again.
	 */
	GONE("gone");

	private final String value;

	FigureStatus(String value) {
		this.value = value;
	}

	/**
	 * As stored and shown: {@code ok}, {@code no_data}, {@code failed} or {@code gone}.
	 */
	public String value() {
		return value;
	}

	/** The status stored as {@code value}. */
	public static FigureStatus of(String value) {
		for (FigureStatus status : values()) {
			if (status.value.equals(value)) {
				return status;
			}
		}
		throw new IllegalArgumentException("no figure status " + value);
	}

}
