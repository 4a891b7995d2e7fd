package io.apmreports.report;

import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import io.apmreports.range.TimeRange;

/**
 * What a range and the one before it are called over a column of figures, as the reader's
 * calendar names them, whenever the report is read: "Week of 16 Nov" and "Week of 9 Nov",
 * "October 2026" and "September 2026", "Tue 24 Nov" and "Mon 23 Nov", or the dates of any
 * other range ("2 Nov to 8 Nov"). Never "this week": the report is often read in the week
 * after the one it covers.
 *
 * @param now the range's own
 * @param before the previous range's
 * @param against the previous range as a heading's end says it: "against the week of 9
 * Nov", "against September 2026"
 */
public record PeriodWords(String now, String before, String against) {

	private static final DateTimeFormatter DAY_MONTH = DateTimeFormatter.ofPattern("d MMM", Locale.ENGLISH);

	private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("EEE d MMM", Locale.ENGLISH);

	private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("MMMM yyyy", Locale.ENGLISH);

	public static PeriodWords of(TimeRange range, ZoneId zone) {
		String period = range.periodName(zone);
		TimeRange previous = range.previous(zone);
		String before = name(previous, zone, period);
		return new PeriodWords(name(range, zone, period), before,
				period.equals("week") ? "the w" + before.substring(1) : before);
	}

	private static String name(TimeRange range, ZoneId zone, String period) {
		ZonedDateTime start = range.from().atZoneSameInstant(zone);
		ZonedDateTime end = range.to().atZoneSameInstant(zone);
		return switch (period) {
			case "week" -> "Week of " + start.format(DAY_MONTH);
			case "month" -> start.format(MONTH);
			case "day" -> start.format(DAY);
			default -> start.format(DAY_MONTH) + " to " + lastDay(start, end).format(DAY_MONTH);
		};
	}

	/**
	 * The last day a range covers: the day before its end, when it ends at a midnight.
	 */
	private static ZonedDateTime lastDay(ZonedDateTime start, ZonedDateTime end) {
		ZonedDateTime last = end.toLocalTime().equals(LocalTime.MIDNIGHT) ? end.minusDays(1) : end;
		return last.isBefore(start) ? start : last;
	}

}
