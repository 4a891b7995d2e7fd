package io.apmreports.range;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every expected bound and length below is worked out by hand from the 2026 to 2028
 * rules: Europe/Berlin +01:00, +02:00 from Sun 29 Mar 2026 02:00 to Sun 25 Oct 2026
 * 03:00; America/New_York -05:00, -04:00 from Sun 8 Mar 2026 02:00 to Sun 1 Nov 2026
 * 02:00; Australia/Sydney the other way round, +11:00 until Sun 5 Apr 2026 03:00, +10:00
 * until Sun 4 Oct 2026 02:00, +11:00 after. So the spring-forward day has 23 hours and
 * the fall-back day 25 (in Sydney the first is in October, the second in April). "Now" is
 * a local time in the zone; a range's end is exclusive, so asked at a midnight the period
 * that ends at that midnight is the one just over.
 */
class RangeSpecTests {

	@ParameterizedTest(name = "{0} at {1} in {2}")
	@CsvSource(delimiter = '|',
			textBlock = """
					# the spring-forward day (23 h) and the fall-back day (25 h), asked just after midnight and late the next day
					last-day | 2026-03-30T00:01    | Europe/Berlin    | 2026-03-29T00:00+01:00 | 2026-03-30T00:00+02:00 | 23
					last-day | 2026-03-30T23:59    | Europe/Berlin    | 2026-03-29T00:00+01:00 | 2026-03-30T00:00+02:00 | 23
					last-day | 2026-10-26T00:01    | Europe/Berlin    | 2026-10-25T00:00+02:00 | 2026-10-26T00:00+01:00 | 25
					last-day | 2026-10-26T23:59    | Europe/Berlin    | 2026-10-25T00:00+02:00 | 2026-10-26T00:00+01:00 | 25
					last-day | 2026-03-09T00:01    | America/New_York | 2026-03-08T00:00-05:00 | 2026-03-09T00:00-04:00 | 23
					last-day | 2026-03-09T23:59    | America/New_York | 2026-03-08T00:00-05:00 | 2026-03-09T00:00-04:00 | 23
					last-day | 2026-11-02T00:01    | America/New_York | 2026-11-01T00:00-04:00 | 2026-11-02T00:00-05:00 | 25
					last-day | 2026-11-02T23:59    | America/New_York | 2026-11-01T00:00-04:00 | 2026-11-02T00:00-05:00 | 25
					last-day | 2026-04-06T00:01    | Australia/Sydney | 2026-04-05T00:00+11:00 | 2026-04-06T00:00+10:00 | 25
					last-day | 2026-04-06T23:59    | Australia/Sydney | 2026-04-05T00:00+11:00 | 2026-04-06T00:00+10:00 | 25
					last-day | 2026-10-05T00:01    | Australia/Sydney | 2026-10-04T00:00+10:00 | 2026-10-05T00:00+11:00 | 23
					last-day | 2026-10-05T23:59    | Australia/Sydney | 2026-10-04T00:00+10:00 | 2026-10-05T00:00+11:00 | 23
					# UTC has no change: the same days have 24 hours
					last-day | 2026-03-30T00:01    | UTC              | 2026-03-29T00:00Z      | 2026-03-30T00:00Z      | 24
					last-day | 2026-10-26T23:59    | UTC              | 2026-10-25T00:00Z      | 2026-10-26T00:00Z      | 24
					# asked on the change day itself, the day before is untouched
					last-day | 2026-03-29T12:00    | Europe/Berlin    | 2026-03-28T00:00+01:00 | 2026-03-29T00:00+01:00 | 24
					# at midnight exactly the fall-back day has just ended; a second earlier it has not
					last-day | 2026-10-26T00:00    | Europe/Berlin    | 2026-10-25T00:00+02:00 | 2026-10-26T00:00+01:00 | 25
					last-day | 2026-10-25T23:59:59 | Europe/Berlin    | 2026-10-24T00:00+02:00 | 2026-10-25T00:00+02:00 | 24
					# a leap day, and New Year's Eve in the southern summer
					last-day | 2028-03-01T00:00    | UTC              | 2028-02-29T00:00Z      | 2028-03-01T00:00Z      | 24
					last-day | 2027-01-01T00:00    | Australia/Sydney | 2026-12-31T00:00+11:00 | 2027-01-01T00:00+11:00 | 24
					""")
	void lastDayIsTheCalendarDayBeforeWith23Or25HoursOnAChange(String spec, String localNow, String zone, String from,
			String to, long hours) {
		assertLastBefore(spec, localNow, zone, from, to, hours);
	}

	@ParameterizedTest(name = "{0} at {1} in {2}")
	@CsvSource(delimiter = '|',
			textBlock = """
					# the Berlin spring week Mon 23 Mar to Mon 30 Mar loses an hour: asked on the Monday at 00:00, at 06:00,
					# on Wednesday, and on the Sunday 23:59 that ends the week after it
					last-week | 2026-03-30T00:00    | Europe/Berlin    | 2026-03-23T00:00+01:00 | 2026-03-30T00:00+02:00 | 167
					last-week | 2026-03-30T06:00    | Europe/Berlin    | 2026-03-23T00:00+01:00 | 2026-03-30T00:00+02:00 | 167
					last-week | 2026-04-01T09:00    | Europe/Berlin    | 2026-03-23T00:00+01:00 | 2026-03-30T00:00+02:00 | 167
					last-week | 2026-04-05T23:59    | Europe/Berlin    | 2026-03-23T00:00+01:00 | 2026-03-30T00:00+02:00 | 167
					# on the Sunday of the change, a second before midnight, that week is not over: the one before it is
					last-week | 2026-03-29T23:59:59 | Europe/Berlin    | 2026-03-16T00:00+01:00 | 2026-03-23T00:00+01:00 | 168
					# the Berlin autumn week Mon 19 Oct to Mon 26 Oct gains one
					last-week | 2026-10-26T00:00    | Europe/Berlin    | 2026-10-19T00:00+02:00 | 2026-10-26T00:00+01:00 | 169
					last-week | 2026-10-26T06:00    | Europe/Berlin    | 2026-10-19T00:00+02:00 | 2026-10-26T00:00+01:00 | 169
					last-week | 2026-10-28T09:00    | Europe/Berlin    | 2026-10-19T00:00+02:00 | 2026-10-26T00:00+01:00 | 169
					last-week | 2026-11-01T23:59    | Europe/Berlin    | 2026-10-19T00:00+02:00 | 2026-10-26T00:00+01:00 | 169
					last-week | 2026-10-25T23:59:59 | Europe/Berlin    | 2026-10-12T00:00+02:00 | 2026-10-19T00:00+02:00 | 168
					# plain weeks, asked on the Monday and mid-week
					last-week | 2026-11-16T06:00    | Europe/Berlin    | 2026-11-09T00:00+01:00 | 2026-11-16T00:00+01:00 | 168
					last-week | 2026-11-18T10:15    | Europe/Berlin    | 2026-11-09T00:00+01:00 | 2026-11-16T00:00+01:00 | 168
					# New York: Mon 2 Mar to Mon 9 Mar, and Mon 26 Oct to Mon 2 Nov
					last-week | 2026-03-09T00:00    | America/New_York | 2026-03-02T00:00-05:00 | 2026-03-09T00:00-04:00 | 167
					last-week | 2026-03-09T06:00    | America/New_York | 2026-03-02T00:00-05:00 | 2026-03-09T00:00-04:00 | 167
					last-week | 2026-03-15T23:59    | America/New_York | 2026-03-02T00:00-05:00 | 2026-03-09T00:00-04:00 | 167
					last-week | 2026-11-02T00:00    | America/New_York | 2026-10-26T00:00-04:00 | 2026-11-02T00:00-05:00 | 169
					last-week | 2026-11-02T06:00    | America/New_York | 2026-10-26T00:00-04:00 | 2026-11-02T00:00-05:00 | 169
					last-week | 2026-11-08T23:59    | America/New_York | 2026-10-26T00:00-04:00 | 2026-11-02T00:00-05:00 | 169
					last-week | 2026-11-01T23:59:59 | America/New_York | 2026-10-19T00:00-04:00 | 2026-10-26T00:00-04:00 | 168
					# Sydney: the April week Mon 30 Mar to Mon 6 Apr gains an hour, the October week Mon 28 Sep to Mon 5 Oct loses one
					last-week | 2026-04-06T00:00    | Australia/Sydney | 2026-03-30T00:00+11:00 | 2026-04-06T00:00+10:00 | 169
					last-week | 2026-04-06T06:00    | Australia/Sydney | 2026-03-30T00:00+11:00 | 2026-04-06T00:00+10:00 | 169
					last-week | 2026-04-12T23:59    | Australia/Sydney | 2026-03-30T00:00+11:00 | 2026-04-06T00:00+10:00 | 169
					last-week | 2026-10-05T00:00    | Australia/Sydney | 2026-09-28T00:00+10:00 | 2026-10-05T00:00+11:00 | 167
					last-week | 2026-10-05T06:00    | Australia/Sydney | 2026-09-28T00:00+10:00 | 2026-10-05T00:00+11:00 | 167
					last-week | 2026-10-11T23:59    | Australia/Sydney | 2026-09-28T00:00+10:00 | 2026-10-05T00:00+11:00 | 167
					last-week | 2026-10-04T23:59:59 | Australia/Sydney | 2026-09-21T00:00+10:00 | 2026-09-28T00:00+10:00 | 168
					# UTC on the Monday Berlin's week had 169 hours
					last-week | 2026-10-26T00:00    | UTC              | 2026-10-19T00:00Z      | 2026-10-26T00:00Z      | 168
					# 1 Jan 2027 is a Friday: the week just over on Mon 4 Jan is ISO week 53 of 2026, across New Year
					last-week | 2027-01-04T06:00    | Europe/Berlin    | 2026-12-28T00:00+01:00 | 2027-01-04T00:00+01:00 | 168
					""")
	void lastWeekIsTheIsoWeekJustOverWith167Or169HoursAcrossAChange(String spec, String localNow, String zone,
			String from, String to, long hours) {
		assertLastBefore(spec, localNow, zone, from, to, hours);
	}

	@ParameterizedTest(name = "{0} at {1} in {2}")
	@CsvSource(delimiter = '|', textBlock = """
			# months with a change: 31 days less or plus an hour (743, 745), 30 days plus an hour (721); each asked on
			# the 1st at 00:00 and on the last minute of the month after
			last-month | 2026-04-01T00:00    | Europe/Berlin    | 2026-03-01T00:00+01:00 | 2026-04-01T00:00+02:00 | 743
			last-month | 2026-04-30T23:59    | Europe/Berlin    | 2026-03-01T00:00+01:00 | 2026-04-01T00:00+02:00 | 743
			last-month | 2026-11-01T00:00    | Europe/Berlin    | 2026-10-01T00:00+02:00 | 2026-11-01T00:00+01:00 | 745
			last-month | 2026-11-30T23:59    | Europe/Berlin    | 2026-10-01T00:00+02:00 | 2026-11-01T00:00+01:00 | 745
			last-month | 2026-04-01T00:00    | America/New_York | 2026-03-01T00:00-05:00 | 2026-04-01T00:00-04:00 | 743
			last-month | 2026-04-30T23:59    | America/New_York | 2026-03-01T00:00-05:00 | 2026-04-01T00:00-04:00 | 743
			last-month | 2026-12-01T00:00    | America/New_York | 2026-11-01T00:00-04:00 | 2026-12-01T00:00-05:00 | 721
			last-month | 2026-12-31T23:59    | America/New_York | 2026-11-01T00:00-04:00 | 2026-12-01T00:00-05:00 | 721
			last-month | 2026-05-01T00:00    | Australia/Sydney | 2026-04-01T00:00+11:00 | 2026-05-01T00:00+10:00 | 721
			last-month | 2026-05-31T23:59    | Australia/Sydney | 2026-04-01T00:00+11:00 | 2026-05-01T00:00+10:00 | 721
			last-month | 2026-11-01T00:00    | Australia/Sydney | 2026-10-01T00:00+10:00 | 2026-11-01T00:00+11:00 | 743
			last-month | 2026-11-30T23:59    | Australia/Sydney | 2026-10-01T00:00+10:00 | 2026-11-01T00:00+11:00 | 743
			# on 31 Mar Berlin is already at +02:00, but February still ends at its +01:00 midnight
			last-month | 2026-03-31T23:59    | Europe/Berlin    | 2026-02-01T00:00+01:00 | 2026-03-01T00:00+01:00 | 672
			# a second before 1 Nov, October is not over: September is the month just over
			last-month | 2026-10-31T23:59:59 | Europe/Berlin    | 2026-09-01T00:00+02:00 | 2026-10-01T00:00+02:00 | 720
			# 31-day and 30-day months without a change
			last-month | 2026-08-01T00:00    | UTC              | 2026-07-01T00:00Z      | 2026-08-01T00:00Z      | 744
			last-month | 2026-07-31T23:59    | UTC              | 2026-06-01T00:00Z      | 2026-07-01T00:00Z      | 720
			# December across the year boundary, in winter in the north and in summer in Sydney
			last-month | 2027-01-01T00:00    | Europe/Berlin    | 2026-12-01T00:00+01:00 | 2027-01-01T00:00+01:00 | 744
			last-month | 2027-01-31T23:59    | Europe/Berlin    | 2026-12-01T00:00+01:00 | 2027-01-01T00:00+01:00 | 744
			last-month | 2027-01-01T00:00    | America/New_York | 2026-12-01T00:00-05:00 | 2027-01-01T00:00-05:00 | 744
			last-month | 2027-01-01T00:00    | Australia/Sydney | 2026-12-01T00:00+11:00 | 2027-01-01T00:00+11:00 | 744
			last-month | 2026-01-15T00:30    | UTC              | 2025-12-01T00:00Z      | 2026-01-01T00:00Z      | 744
			# February: 29 days in 2028 and 2000 (divisible by 400), 28 in 2026 and 2100 (divisible by 100, not 400)
			last-month | 2028-03-01T00:00    | Europe/Berlin    | 2028-02-01T00:00+01:00 | 2028-03-01T00:00+01:00 | 696
			last-month | 2028-03-01T07:00    | Europe/Berlin    | 2028-02-01T00:00+01:00 | 2028-03-01T00:00+01:00 | 696
			last-month | 2028-03-31T23:59    | Europe/Berlin    | 2028-02-01T00:00+01:00 | 2028-03-01T00:00+01:00 | 696
			last-month | 2028-03-01T00:00    | Australia/Sydney | 2028-02-01T00:00+11:00 | 2028-03-01T00:00+11:00 | 696
			last-month | 2000-03-01T00:00    | UTC              | 2000-02-01T00:00Z      | 2000-03-01T00:00Z      | 696
			last-month | 2000-03-31T23:59    | UTC              | 2000-02-01T00:00Z      | 2000-03-01T00:00Z      | 696
			last-month | 2026-03-01T00:00    | UTC              | 2026-02-01T00:00Z      | 2026-03-01T00:00Z      | 672
			last-month | 2026-03-31T23:59    | UTC              | 2026-02-01T00:00Z      | 2026-03-01T00:00Z      | 672
			last-month | 2100-03-01T00:00    | UTC              | 2100-02-01T00:00Z      | 2100-03-01T00:00Z      | 672
			last-month | 2100-03-31T23:59    | UTC              | 2100-02-01T00:00Z      | 2100-03-01T00:00Z      | 672
			last-month | 2100-03-01T00:00    | America/New_York | 2100-02-01T00:00-05:00 | 2100-03-01T00:00-05:00 | 672
			# on 29 Feb itself February is not over: January is
			last-month | 2028-02-29T23:59    | Europe/Berlin    | 2028-01-01T00:00+01:00 | 2028-02-01T00:00+01:00 | 744
			""")
	void lastMonthIsTheCalendarMonthJustOverWhateverItsLength(String spec, String localNow, String zone, String from,
			String to, long hours) {
		assertLastBefore(spec, localNow, zone, from, to, hours);
	}

	@ParameterizedTest(name = "{0} at {1} in {2}")
	@CsvSource(delimiter = '|',
			textBlock = """
					# seven calendar days that hold a change: 21 to 28 Oct holds Berlin's 25-hour 25 Oct
					last-7-days   | 2026-10-28T10:00    | Europe/Berlin    | 2026-10-21T00:00+02:00 | 2026-10-28T00:00+01:00 | 169
					last-7-days   | 2026-03-10T08:00    | America/New_York | 2026-03-03T00:00-05:00 | 2026-03-10T00:00-04:00 | 167
					last-7-days   | 2026-04-08T12:00    | Australia/Sydney | 2026-04-01T00:00+11:00 | 2026-04-08T00:00+10:00 | 169
					# the change day at the edges: not over yet, just over (the last day), the first day, just dropped out
					last-7-days   | 2026-10-25T23:59:59 | Europe/Berlin    | 2026-10-18T00:00+02:00 | 2026-10-25T00:00+02:00 | 168
					last-7-days   | 2026-10-26T00:00    | Europe/Berlin    | 2026-10-19T00:00+02:00 | 2026-10-26T00:00+01:00 | 169
					last-7-days   | 2026-11-01T23:59:59 | Europe/Berlin    | 2026-10-25T00:00+02:00 | 2026-11-01T00:00+01:00 | 169
					last-7-days   | 2026-11-02T00:00    | Europe/Berlin    | 2026-10-26T00:00+01:00 | 2026-11-02T00:00+01:00 | 168
					# asked on the change day the range ends before it
					last-7-days   | 2026-10-04T12:00    | Australia/Sydney | 2026-09-27T00:00+10:00 | 2026-10-04T00:00+10:00 | 168
					last-7-days   | 2026-11-21T08:00    | UTC              | 2026-11-14T00:00Z      | 2026-11-21T00:00Z      | 168
					# N = 1 is last-day, 23 and 25 hours included
					last-1-days   | 2026-10-26T00:01    | Europe/Berlin    | 2026-10-25T00:00+02:00 | 2026-10-26T00:00+01:00 | 25
					last-1-days   | 2026-03-09T23:59    | America/New_York | 2026-03-08T00:00-05:00 | 2026-03-09T00:00-04:00 | 23
					last-1-days   | 2026-10-05T00:01    | Australia/Sydney | 2026-10-04T00:00+10:00 | 2026-10-05T00:00+11:00 | 23
					last-1-days   | 2026-03-30T00:01    | UTC              | 2026-03-29T00:00Z      | 2026-03-30T00:00Z      | 24
					# three calendar days back over a leap day, over 28 Feb of a common year, and over New Year
					last-3-days   | 2028-03-02T00:00    | UTC              | 2028-02-28T00:00Z      | 2028-03-02T00:00Z      | 72
					last-3-days   | 2026-03-02T00:00    | UTC              | 2026-02-27T00:00Z      | 2026-03-02T00:00Z      | 72
					last-3-days   | 2027-01-02T09:00    | Europe/Berlin    | 2026-12-30T00:00+01:00 | 2027-01-02T00:00+01:00 | 72
					# 30 days back from 20 Apr is 21 Mar, over Sydney's April change
					last-30-days  | 2026-04-20T00:00    | Australia/Sydney | 2026-03-21T00:00+11:00 | 2026-04-20T00:00+10:00 | 721
					# a whole year holds both changes, which cancel out; 2028 has 366 days
					last-365-days | 2027-01-01T00:00    | Europe/Berlin    | 2026-01-01T00:00+01:00 | 2027-01-01T00:00+01:00 | 8760
					last-366-days | 2029-01-01T00:00    | America/New_York | 2028-01-01T00:00-05:00 | 2029-01-01T00:00-05:00 | 8784
					""")
	void lastNDaysCountsCalendarDaysNotTimes24Hours(String spec, String localNow, String zone, String from, String to,
			long hours) {
		assertLastBefore(spec, localNow, zone, from, to, hours);
	}

	@ParameterizedTest(name = "at {0} in {1}")
	@CsvSource(delimiter = '|', textBlock = """
			2026-03-30T00:00 | Europe/Berlin
			2026-10-26T23:59 | Europe/Berlin
			2026-11-02T12:00 | America/New_York
			2026-04-06T00:00 | Australia/Sydney
			2028-03-01T00:00 | UTC
			""")
	void lastOneDaysIsLastDay(String localNow, String zone) {
		ZonedDateTime now = LocalDateTime.parse(localNow).atZone(ZoneId.of(zone));

		assertThat(RangeSpec.parse("last-1-days").orElseThrow().lastBefore(now))
			.isEqualTo(RangeSpec.parse("last-day").orElseThrow().lastBefore(now));
	}

	@ParameterizedTest
	@CsvSource({ "lastweek", "last-0-days", "Last-Week", "next-week", "last-1000-days" })
	void refusesWhatItDoesNotKnow(String text) {
		assertThat(RangeSpec.parse(text)).isEmpty();
	}

	private static void assertLastBefore(String spec, String localNow, String zone, String from, String to,
			long hours) {
		// given
		ZonedDateTime now = LocalDateTime.parse(localNow).atZone(ZoneId.of(zone));

		// when
		TimeRange range = RangeSpec.parse(spec).orElseThrow().lastBefore(now);

		// then: equal offsets too, not just equal instants
		assertThat(range.from()).isEqualTo(OffsetDateTime.parse(from));
		assertThat(range.to()).isEqualTo(OffsetDateTime.parse(to));
		assertThat(range.duration()).isEqualTo(Duration.ofHours(hours));
	}

}
