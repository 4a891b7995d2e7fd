package io.apmreports.formula;

/** Where an application's web transaction total time came from. */
public enum WebTimeSource {

	WEB_TRANSACTION_TOTAL_TIME("Web transaction total time"),

	/** Older agents do not report WebTransactionTotalTime; HttpDispatcher stands in. */
	HTTP_DISPATCHER("HttpDispatcher (older agent)"),

	/** No web transactions in the range. */
	NONE("No web transactions");

	private final String words;

	WebTimeSource(String words) {
		this.words = words;
	}

	/**
	 * The source as the docs' formulas name it, for a reader of the workbook; the CSV
	 * file keeps the constant's name for programs.
	 */
	public String words() {
		return words;
	}

}
