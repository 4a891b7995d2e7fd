package io.apmreports.range;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A half-open range {@code [from, to)} with offsets, the one range that feeds every query
 * of a report run.
 *
 * @param from start, inclusive
 * @param to end, exclusive
 */
public record TimeRange(OffsetDateTime from, OffsetDateTime to) {

	/** The service refuses shorter ranges with 422. */
	static final Duration MINIMUM = Duration.ofSeconds(60);

	/** A date alone, which a user may give for the start of its day. */
	private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

	private static final int FIRST_YEAR = 1970;

	private static final int LAST_YEAR = 9999;

	public TimeRange {
		if (from == null || to == null) {
			throw new InvalidRangeException("a range needs both from and to");
		}
		if (!from.isBefore(to)) {
			throw new InvalidRangeException("from " + format(from) + " is not before to " + format(to));
		}
		if (Duration.between(from, to).compareTo(MINIMUM) < 0) {
			throw new InvalidRangeException("the range " + format(from) + " to " + format(to)
					+ " is shorter than 60 seconds, which the service refuses");
		}
	}

	/**
	 * Parses a bound given on the command line or in a job parameter: ISO 8601 with an
	 * offset, in the years the service's metric data can have (none before 1970) and its
	 * four-digit years can write.
	 */
	static OffsetDateTime parseBound(String name, String text) {
		OffsetDateTime time;
		try {
			time = OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME);
		}
		catch (DateTimeParseException ex) {
			throw new InvalidRangeException(
					name + " '" + text + "' is not an ISO 8601 time with an offset, e.g. 2026-11-09T00:00:00+01:00");
		}
		if (time.getYear() < FIRST_YEAR || time.getYear() > LAST_YEAR) {
			throw new InvalidRangeException(
					name + " '" + text + "' is not in the years " + FIRST_YEAR + " to " + LAST_YEAR);
		}
		return time;
	}

	public static TimeRange parse(String from, String to) {
		return new TimeRange(parseBound("from", from), parseBound("to", to));
	}

	/**
	 * A range given by a user: each bound ISO 8601 with an offset, or a date alone
	 * ({@code 2026-11-02}), which is midnight at its start in {@code zone}, the report's.
	 */
	public static TimeRange parse(String from, String to, ZoneId zone) {
		return new TimeRange(parseBound("from", from, zone), parseBound("to", to, zone));
	}

	private static OffsetDateTime parseBound(String name, String text, ZoneId zone) {
		if (!DATE.matcher(text).matches()) {
			return parseBound(name, text);
		}
		try {
			return parseBound(name,
					LocalDate.parse(text)
						.atStartOfDay(zone)
						.toOffsetDateTime()
						.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
		}
		catch (DateTimeParseException ex) {
			throw new InvalidRangeException(name + " '" + text + "' is no date of the calendar");
		}
	}

	public static String format(OffsetDateTime time) {
		return time.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
	}

	/**
	 * The range just before this one, of the same calendar length in the zone: the week
	 * before a week, the month before a calendar month, the same number of days before
	 * whole days (so daylight saving changes do not shift it), and the same duration
	 * otherwise.
	 */
	public TimeRange previous(ZoneId zone) {
		ZonedDateTime start = from.atZoneSameInstant(zone);
		ZonedDateTime end = to.atZoneSameInstant(zone);
		boolean midnights = midnights(start, end);
		if (midnights && start.getDayOfMonth() == 1 && end.getDayOfMonth() == 1) {
			long months = ChronoUnit.MONTHS.between(start.toLocalDate(), end.toLocalDate());
			return new TimeRange(start.minusMonths(months).toOffsetDateTime(), from);
		}
		if (midnights) {
			long days = ChronoUnit.DAYS.between(start.toLocalDate(), end.toLocalDate());
			return new TimeRange(start.toLocalDate().minusDays(days).atStartOfDay(zone).toOffsetDateTime(), from);
		}
		return new TimeRange(from.minus(duration()), from);
	}

	/**
	 * The {@code count} periods that end with this one, oldest first: this range and the
	 * {@code count - 1} before it, each {@link #previous(ZoneId) previous} to the next.
	 */
	public List<TimeRange> lastPeriods(ZoneId zone, int count) {
		List<TimeRange> periods = new ArrayList<>();
		TimeRange period = this;
		for (int i = 0; i < count; i++) {
			periods.add(0, period);
			period = period.previous(zone);
		}
		return List.copyOf(periods);
	}

	public Duration duration() {
		return Duration.between(from, to);
	}

	@Override
	public String toString() {
		return format(from) + "/" + format(to);
	}

	/**
	 * The range as people say it, in the zone: whole days by their dates with the last
	 * day inclusive and the year said once where both share it ("Mon 9 Nov to Sun 15 Nov
	 * 2026"), anything else by its times, then the zone.
	 */
	public String describe(ZoneId zone) {
		ZonedDateTime start = from.atZoneSameInstant(zone);
		ZonedDateTime end = to.atZoneSameInstant(zone);
		String text;
		if (midnights(start, end)) {
			DateTimeFormatter day = DateTimeFormatter.ofPattern("EEE d MMM uuuu", Locale.ENGLISH);
			LocalDate last = end.toLocalDate().minusDays(1);
			DateTimeFormatter first = last.getYear() == start.getYear()
					? DateTimeFormatter.ofPattern("EEE d MMM", Locale.ENGLISH) : day;
			text = last.equals(start.toLocalDate()) ? day.format(start)
					: first.format(start) + " to " + day.format(last);
		}
		else {
			DateTimeFormatter time = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm", Locale.ENGLISH);
			text = time.format(start) + " to " + time.format(end);
		}
		return text + ", " + zone.getId();
	}

	/**
	 * What the range is called in a sentence such as "this week": a week, a calendar
	 * month or a day in the zone, or else a period.
	 */
	public String periodName(ZoneId zone) {
		ZonedDateTime start = from.atZoneSameInstant(zone);
		ZonedDateTime end = to.atZoneSameInstant(zone);
		if (!midnights(start, end)) {
			return "period";
		}
		if (start.plusDays(1).equals(end)) {
			return "day";
		}
		if (start.plusWeeks(1).equals(end)) {
			return "week";
		}
		return start.getDayOfMonth() == 1 && start.plusMonths(1).equals(end) ? "month" : "period";
	}

	/** Whether both bounds are midnights in their zone: a range of whole days. */
	private static boolean midnights(ZonedDateTime start, ZonedDateTime end) {
		return start.toLocalTime().equals(LocalTime.MIDNIGHT) && end.toLocalTime().equals(LocalTime.MIDNIGHT);
	}

}
