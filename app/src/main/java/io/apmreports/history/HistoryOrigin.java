package io.apmreports.history;

import java.util.Locale;

/** Where a kept period's figures came from, which a backfill tells per period. */
public enum HistoryOrigin {

	/** A report run recorded them as it reported them. */
	RUN,

	/** A backfill asked the REST v2 service. */
	REST,

	/** A backfill asked NRQL over NerdGraph. */
	NRQL;

	String column() {
		return name().toLowerCase(Locale.ROOT);
	}

	static HistoryOrigin ofColumn(String column) {
		return valueOf(column.toUpperCase(Locale.ROOT));
	}

}
