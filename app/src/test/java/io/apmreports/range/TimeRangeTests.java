package io.apmreports.range;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.ZoneId;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TimeRangeTests {

	@Test
	void parsesBoundsWithOffsets() {
		TimeRange range = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

		assertThat(range.duration().toHours()).isEqualTo(168);
	}

	@Test
	void thePreviousRangeHasTheSameCalendarLength() {
		ZoneId berlin = ZoneId.of("Europe/Berlin");

		// the week before a week, across the autumn change: 168 hours before a week of
		// 169
		TimeRange week = TimeRange.parse("2026-10-26T00:00:00+01:00", "2026-11-02T00:00:00+01:00");
		assertThat(week.previous(berlin))
			.isEqualTo(TimeRange.parse("2026-10-19T00:00:00+02:00", "2026-10-26T00:00:00+01:00"));
		// the month before a month: February of a leap year before March
		TimeRange march = TimeRange.parse("2028-03-01T00:00:00+01:00", "2028-04-01T00:00:00+02:00");
		assertThat(march.previous(berlin))
			.isEqualTo(TimeRange.parse("2028-02-01T00:00:00+01:00", "2028-03-01T00:00:00+01:00"));
		// a range of hours: the same duration before
		TimeRange hours = TimeRange.parse("2026-11-09T10:00:00+01:00", "2026-11-09T16:00:00+01:00");
		assertThat(hours.previous(berlin))
			.isEqualTo(TimeRange.parse("2026-11-09T04:00:00+01:00", "2026-11-09T10:00:00+01:00"));
	}

	@Test
	void refusesABoundWithoutOffset() {
		assertThatThrownBy(() -> TimeRange.parse("2026-11-09T00:00:00", "2026-11-16T00:00:00+01:00"))
			.isInstanceOf(InvalidRangeException.class)
			.hasMessageContaining("from '2026-11-09T00:00:00' is not an ISO 8601 time with an offset");
	}

	@ParameterizedTest(name = "{0} {1}")
	@CsvSource(delimiter = '|', textBlock = """
			from | 0001-01-01T00:00:00Z
			from | 1969-12-31T23:59:00Z
			to   | +10000-01-01T00:00:00Z
			to   | -0001-01-01T00:00:00Z
			""")
	void refusesABoundOutsideTheYears1970To9999NamingItAndItsValue(String bound, String time) {
		// given a sane other bound
		String from = bound.equals("from") ? time : "2026-11-09T00:00:00Z";
		String to = bound.equals("to") ? time : "2026-11-16T00:00:00Z";

		// when the range is parsed, then the bad bound is named with its value
		assertThatThrownBy(() -> TimeRange.parse(from, to)).isInstanceOf(InvalidRangeException.class)
			.hasMessage(bound + " '" + time + "' is not in the years 1970 to 9999");
	}

	@Test
	void acceptsTheFirstAndLastYears() {
		assertThat(TimeRange.parse("1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z").from().getYear()).isEqualTo(1970);
	}

	@Test
	void refusesFromNotBeforeToAndRangesUnderSixtySeconds() {
		assertThatThrownBy(() -> TimeRange.parse("2026-11-16T00:00:00Z", "2026-11-09T00:00:00Z"))
			.hasMessageContaining("is not before to");
		assertThatThrownBy(() -> TimeRange.parse("2026-11-16T00:00:00Z", "2026-11-16T00:00:59Z"))
			.hasMessageContaining("shorter than 60 seconds");
	}

	@ParameterizedTest(name = "{0} to {1} in {2}")
	@CsvSource(delimiter = '|',
			textBlock = """
					2026-11-09T00:00:00+01:00 | 2026-11-16T00:00:00+01:00 | Europe/Berlin | Mon 9 Nov to Sun 15 Nov 2026, Europe/Berlin
					2026-10-24T00:00:00+02:00 | 2026-10-25T00:00:00+02:00 | Europe/Berlin | Sat 24 Oct 2026, Europe/Berlin
					2026-10-01T00:00:00+02:00 | 2026-11-01T00:00:00+01:00 | Europe/Berlin | Thu 1 Oct to Sat 31 Oct 2026, Europe/Berlin
					2026-12-28T00:00:00+01:00 | 2027-01-04T00:00:00+01:00 | Europe/Berlin | Mon 28 Dec 2026 to Sun 3 Jan 2027, Europe/Berlin
					2026-11-09T10:00:00+01:00 | 2026-11-09T12:30:00+01:00 | Europe/Berlin | 2026-11-09 10:00 to 2026-11-09 12:30, Europe/Berlin
					2026-11-09T00:00:00+01:00 | 2026-11-16T00:00:00+01:00 | UTC           | 2026-11-08 23:00 to 2026-11-15 23:00, UTC
					""")
	void describesARangeAsPeopleSayIt(String from, String to, String zone, String expected) {
		assertThat(TimeRange.parse(from, to).describe(ZoneId.of(zone))).isEqualTo(expected);
	}

	@ParameterizedTest(name = "{0} to {1} in {2}")
	@CsvSource(delimiter = '|', textBlock = """
			2026-11-09T00:00:00+01:00 | 2026-11-16T00:00:00+01:00 | Europe/Berlin | week
			2026-10-25T00:00:00+02:00 | 2026-10-26T00:00:00+01:00 | Europe/Berlin | day
			2026-10-01T00:00:00+02:00 | 2026-11-01T00:00:00+01:00 | Europe/Berlin | month
			2026-10-02T00:00:00+02:00 | 2026-11-02T00:00:00+01:00 | Europe/Berlin | period
			2026-11-09T00:00:00+01:00 | 2026-11-16T00:00:00+01:00 | UTC           | period
			""")
	void namesTheKindOfPeriod(String from, String to, String zone, String expected) {
		assertThat(TimeRange.parse(from, to).periodName(ZoneId.of(zone))).isEqualTo(expected);
	}

	@Test
	void aDateAloneIsMidnightAtItsStartInTheReportsZone() {
		// when
		TimeRange range = TimeRange.parse("2026-10-19", "2026-10-26", ZoneId.of("Europe/Berlin"));

		// then: the clocks went back on 25 October, so the week ends an hour later in UTC
		assertThat(TimeRange.format(range.from())).isEqualTo("2026-10-19T00:00:00+02:00");
		assertThat(TimeRange.format(range.to())).isEqualTo("2026-10-26T00:00:00+01:00");
		assertThatThrownBy(() -> TimeRange.parse("2026-02-29", "2026-03-02", ZoneId.of("UTC")))
			.hasMessage("from '2026-02-29' is no date of the calendar");
	}

	@Test
	void theLastWeeksAcrossADaylightSavingChangeAreWholeWeeksOfMondays() {
		// given the week after Berlin's clocks went back on Sunday 25 October 2026
		ZoneId berlin = ZoneId.of("Europe/Berlin");
		TimeRange week = TimeRange.parse("2026-11-02T00:00:00+01:00", "2026-11-09T00:00:00+01:00");

		// when
		List<TimeRange> weeks = week.lastPeriods(berlin, 3);

		// then oldest first, each from a Monday's midnight in Berlin to the next, the one
		// with the change an hour longer, and the last the week itself
		assertThat(weeks).extracting(TimeRange::toString)
			.containsExactly("2026-10-19T00:00:00+02:00/2026-10-26T00:00:00+01:00",
					"2026-10-26T00:00:00+01:00/2026-11-02T00:00:00+01:00",
					"2026-11-02T00:00:00+01:00/2026-11-09T00:00:00+01:00");
		assertThat(weeks.get(0).duration()).hasHours(7 * 24 + 1);
		assertThat(weeks.get(2)).isEqualTo(week);
		for (int i = 1; i < weeks.size(); i++) {
			assertThat(weeks.get(i - 1).to().toInstant()).isEqualTo(weeks.get(i).from().toInstant());
		}
	}

	@Test
	void theLastMonthsAreCalendarMonthsOfTheirOwnLengths() {
		// given March 2026 in New York, whose clocks went forward on 8 March
		TimeRange march = TimeRange.parse("2026-03-01T00:00:00-05:00", "2026-04-01T00:00:00-04:00");

		// when
		List<TimeRange> months = march.lastPeriods(ZoneId.of("America/New_York"), 3);

		// then January, February and March, each from the 1st's midnight
		assertThat(months).extracting(TimeRange::toString)
			.containsExactly("2026-01-01T00:00:00-05:00/2026-02-01T00:00:00-05:00",
					"2026-02-01T00:00:00-05:00/2026-03-01T00:00:00-05:00",
					"2026-03-01T00:00:00-05:00/2026-04-01T00:00:00-04:00");
	}

	@Test
	void onePeriodIsTheRangeItselfAndNoneIsNone() {
		TimeRange day = TimeRange.parse("2026-11-09T00:00:00Z", "2026-11-10T00:00:00Z");

		assertThat(day.lastPeriods(ZoneId.of("UTC"), 1)).containsExactly(day);
		assertThat(day.lastPeriods(ZoneId.of("UTC"), 0)).isEmpty();
	}

}
