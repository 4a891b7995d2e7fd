package io.apmreports.sandbox;

/**
 * Per-minute values of one metric on one host in one hour, with times in whole
 * microseconds so that every sum the server builds is exact integer arithmetic.
 */
record Raw(long calls, long micros, long satisfied, long tolerating, long frustrated, long errors) {

	static final Raw ZERO = new Raw(0, 0, 0, 0, 0, 0);

	static Raw timing(long calls, long micros) {
		return calls == 0 ? new Raw(0, 0, 0, 0, 0, 0) : new Raw(calls, micros, 0, 0, 0, 0);
	}

	/**
	 * Combines metrics the way a roll-up metric does: calls add up, time is
	 * call-weighted.
	 */
	static Raw combine(Raw a, Raw b) {
		long calls = a.calls + b.calls;
		if (calls == 0) {
			return ZERO;
		}
		long micros = Math.round((a.calls * (double) a.micros + b.calls * (double) b.micros) / calls);
		return timing(calls, micros);
	}
}
