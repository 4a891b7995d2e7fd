package io.apmreports.web;

import java.time.Clock;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.failure.UserFacingException;
import io.apmreports.range.RangeSpec;
import io.apmreports.range.TimeRange;

/**
 * The ranges a launch from the console offers: the last full week or month before now in
 * the report's zone, or bounds the user gives, read in that zone.
 */
public enum RangeChoice {

	/** Monday to Monday, the week before this one. */
	LAST_WEEK,

	/** The calendar month before this one. */
	LAST_MONTH,

	/** From and to as the user gives them: dates, or ISO 8601 times with an offset. */
	CUSTOM;

	/** {@code last-week}, as forms and the API name it. */
	public String word() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

	/** The choice a form or a request names; none named is last week. */
	public static RangeChoice parse(String text) {
		if (text == null || text.isBlank()) {
			return LAST_WEEK;
		}
		return Arrays.stream(values())
			.filter(choice -> choice.word().equalsIgnoreCase(text.strip()))
			.findFirst()
			.orElseThrow(() -> new UserFacingException("range '" + text + "' is none of "
					+ Arrays.stream(values()).map(RangeChoice::word).collect(Collectors.joining(", "))));
	}

	/** The range this choice means for {@code definition}, now by {@code clock}. */
	public TimeRange range(ReportDefinition definition, String from, String to, Clock clock) {
		ZonedDateTime now = ZonedDateTime.now(clock.withZone(definition.timeZone()));
		return switch (this) {
			// a cost report's month or an ingest report's days, or a clear line why not
			case LAST_WEEK -> definition.billable(RangeSpec.parse("last-week").orElseThrow().lastBefore(now));
			case LAST_MONTH -> definition.billable(RangeSpec.parse("last-month").orElseThrow().lastBefore(now));
			case CUSTOM -> custom(definition, from, to, clock);
		};
	}

	private static TimeRange custom(ReportDefinition definition, String from, String to, Clock clock) {
		if (blank(from) || blank(to)) {
			throw new UserFacingException("a custom range needs both from and to: dates such as 2026-11-02 (midnight "
					+ "in the report's zone " + definition.timeZone().getId() + ") or ISO 8601 times with an offset");
		}
		return definition.rangeFor(from.strip(), to.strip(), clock);
	}

	private static boolean blank(String text) {
		return text == null || text.isBlank();
	}

}
