package io.apmreports.report;

import java.time.ZoneId;

import io.apmreports.range.TimeRange;

/**
 * What a range and the one before it are called over a column of figures: "This week" and
 * "Last week", "This month" and "Last month", or "This period" and "Previous period".
 *
 * @param now the range's own
 * @param before the previous range's
 */
public record PeriodWords(String now, String before) {

	public static PeriodWords of(TimeRange range, ZoneId zone) {
		String period = range.periodName(zone);
		return new PeriodWords("This " + period, (period.equals("period") ? "Previous " : "Last ") + period);
	}

}
