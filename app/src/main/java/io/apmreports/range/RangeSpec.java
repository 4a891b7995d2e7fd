package io.apmreports.range;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.TemporalAdjusters;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A named, fixed range relative to a moment: the last full day, ISO week (Monday to
 * Monday), calendar month, or N days, each from midnight to midnight in a time zone, so
 * that a week across a daylight-saving change has 167 or 169 hours.
 *
 * @param unit what kind of period
 * @param days the number of days for {@link Unit#DAYS}
 */
public record RangeSpec(Unit unit, int days) {

	private static final Pattern LAST_N_DAYS = Pattern.compile("last-(\\d{1,3})-days");

	/** The kinds of period. */
	public enum Unit {

		DAY, WEEK, MONTH, DAYS

	}

	static final String EXPECTED = "last-day, last-week, last-month or last-N-days";

	/**
	 * The ranges a definition may name, in words, for the message that refuses another.
	 */
	public static String expected() {
		return EXPECTED;
	}

	/**
	 * Parses {@code last-day}, {@code last-week}, {@code last-month} or
	 * {@code last-N-days}.
	 */
	public static Optional<RangeSpec> parse(String text) {
		if (text == null) {
			return Optional.empty();
		}
		switch (text) {
			case "last-day":
				return Optional.of(new RangeSpec(Unit.DAY, 1));
			case "last-week":
				return Optional.of(new RangeSpec(Unit.WEEK, 7));
			case "last-month":
				return Optional.of(new RangeSpec(Unit.MONTH, 0));
			default:
				Matcher matcher = LAST_N_DAYS.matcher(text);
				if (matcher.matches() && Integer.parseInt(matcher.group(1)) > 0) {
					return Optional.of(new RangeSpec(Unit.DAYS, Integer.parseInt(matcher.group(1))));
				}
				return Optional.empty();
		}
	}

	/** The last full period before {@code now}, in the zone of {@code now}. */
	public TimeRange lastBefore(ZonedDateTime now) {
		ZoneId zone = now.getZone();
		LocalDate today = now.toLocalDate();
		LocalDate end = switch (unit) {
			case DAY, DAYS -> today;
			case WEEK -> today.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
			case MONTH -> today.withDayOfMonth(1);
		};
		LocalDate start = switch (unit) {
			case DAY, DAYS, WEEK -> end.minusDays(days);
			case MONTH -> end.minusMonths(1);
		};
		return new TimeRange(start.atStartOfDay(zone).toOffsetDateTime(), end.atStartOfDay(zone).toOffsetDateTime());
	}

	@Override
	public String toString() {
		return switch (unit) {
			case DAY -> "last-day";
			case WEEK -> "last-week";
			case MONTH -> "last-month";
			case DAYS -> "last-" + days + "-days";
		};
	}

}
