package io.apmreports.sandbox;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Times as the API reads and writes them: the {@code from}/{@code to} range and the
 * slices of a series.
 */
final class ApiTimes {

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssxxx");

	private ApiTimes() {
	}

	static String format(Instant instant) {
		return TIME.format(instant.atOffset(ZoneOffset.UTC));
	}

	/** The requested range floored to whole minutes; the last 30 minutes by default. */
	static Instant[] range(QueryParameters query, Clock clock) {
		String fromText = query.first("from");
		String toText = query.first("to");
		Instant to = toText == null ? clock.instant() : parseTime("to", toText);
		Instant from = fromText == null ? to.minusSeconds(30 * 60) : parseTime("from", fromText);
		if (!to.isAfter(from)) {
			throw ApiException.invalid("Invalid time range: 'to' must be after 'from'");
		}
		if (to.getEpochSecond() - from.getEpochSecond() < 60) {
			throw ApiException.invalid("Invalid time range: the range must be at least 60 seconds");
		}
		return new Instant[] { floorToMinute(from), floorToMinute(to) };
	}

	private static Instant floorToMinute(Instant instant) {
		return Instant.ofEpochSecond(Math.floorDiv(instant.getEpochSecond(), 60) * 60);
	}

	private static Instant parseTime(String parameter, String text) {
		try {
			return OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
		}
		catch (DateTimeParseException e) {
			throw ApiException.invalid(
					"Invalid value for '" + parameter + "': " + text + " (ISO 8601 with an offset; send '+' as %2B)");
		}
	}

	static long sliceMinutes(long rangeMinutes, String period) {
		long slice = SliceTable.minutes(rangeMinutes);
		if (period != null && !period.isBlank()) {
			long seconds;
			try {
				seconds = Long.parseLong(period.strip());
			}
			catch (NumberFormatException e) {
				throw ApiException.invalid("Invalid value for 'period': " + period);
			}
			if (seconds <= 0) {
				throw ApiException.invalid("Invalid value for 'period': " + period);
			}
			// A period may lengthen the slices, never shorten them below what the range
			// allows.
			slice = Math.max(slice, Math.floorDiv(seconds + 59, 60));
		}
		return slice;
	}

}
