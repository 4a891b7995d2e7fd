package io.apmreports.history;

import java.util.Locale;

/** What one kept row covers. */
public enum HistoryScope {

	/** The report's headline: all its applications, over all its accounts. */
	REPORT,

	/** One account's applications. */
	ACCOUNT,

	/** One team's applications, over all the report's accounts. */
	TEAM,

	/** One application. */
	APPLICATION;

	/** As the table holds it. */
	String column() {
		return name().toLowerCase(Locale.ROOT);
	}

	static HistoryScope ofColumn(String column) {
		return valueOf(column.toUpperCase(Locale.ROOT));
	}

}
