package io.apmreports.history;

import org.springframework.jdbc.core.JdbcTemplate;

/** The kept history over a test's database, for the steps' tests outside this package. */
public final class FigureHistories {

	private FigureHistories() {
	}

	/** The history's repository over {@code jdbc}, whose schema is made. */
	public static FigureHistory over(JdbcTemplate jdbc) {
		return new FigureHistory(jdbc);
	}

}
