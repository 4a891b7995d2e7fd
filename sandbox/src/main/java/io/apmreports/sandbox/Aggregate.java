package io.apmreports.sandbox;

/**
 * Sums of raw values over hosts and minutes. All sums are integers, so an application's
 * figures are exactly the sum of its hosts' and a summarized range exactly the sum of its
 * series.
 */
final class Aggregate {

	long calls;

	/** Sum over minutes of calls times average microseconds. */
	long weightedMicros;

	long satisfied;

	long tolerating;

	long frustrated;

	long errors;

	long minMicros = Long.MAX_VALUE;

	long maxMicros = -1;

	void add(Raw raw, long minutes) {
		calls += raw.calls() * minutes;
		weightedMicros += raw.calls() * raw.micros() * minutes;
		satisfied += raw.satisfied() * minutes;
		tolerating += raw.tolerating() * minutes;
		frustrated += raw.frustrated() * minutes;
		errors += raw.errors() * minutes;
		if (raw.calls() > 0) {
			minMicros = Math.min(minMicros, raw.micros());
			maxMicros = Math.max(maxMicros, raw.micros());
		}
	}

	void add(Aggregate other) {
		calls += other.calls;
		weightedMicros += other.weightedMicros;
		satisfied += other.satisfied;
		tolerating += other.tolerating;
		frustrated += other.frustrated;
		errors += other.errors;
		minMicros = Math.min(minMicros, other.minMicros);
		maxMicros = Math.max(maxMicros, other.maxMicros);
	}

	double averageMs() {
		return calls == 0 ? 0 : weightedMicros / 1000.0 / calls;
	}

	long apdexCount() {
		return satisfied + tolerating + frustrated;
	}

	/**
	 * Apdex score; 0 without traffic because the real service answers a metric without
	 * data with zero values, not with the 1 its summaries show for applications without a
	 * target.
	 */
	double apdexScore() {
		long count = apdexCount();
		return count == 0 ? 0 : (satisfied + tolerating / 2.0) / count;
	}

}
