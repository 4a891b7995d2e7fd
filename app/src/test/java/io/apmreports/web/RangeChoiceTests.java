package io.apmreports.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.failure.UserFacingException;
import io.apmreports.range.TimeRange;

class RangeChoiceTests {

	/** Wednesday 18 November 2026, 10:00 UTC. */
	private static final Clock WEDNESDAY = Clock.fixed(Instant.parse("2026-11-18T10:00:00Z"), ZoneOffset.UTC);

	/** The weekly report, in Europe/Berlin. */
	private static final ReportDefinition WEEKLY = new ReportDefinitions(
			Path.of("app/src/test/resources/summary-reports"))
		.load("weekly-performance");

	@Test
	void lastWeekIsMondayToMondayBeforeNowInTheReportsZone() {
		TimeRange range = RangeChoice.LAST_WEEK.range(WEEKLY, null, null, WEDNESDAY);

		assertThat(range).isEqualTo(new TimeRange(OffsetDateTime.parse("2026-11-09T00:00:00+01:00"),
				OffsetDateTime.parse("2026-11-16T00:00:00+01:00")));
		assertThat(range.describe(WEEKLY.timeZone())).isEqualTo("Mon 9 Nov to Sun 15 Nov 2026, Europe/Berlin");
	}

	@Test
	void lastMonthIsTheCalendarMonthBeforeThisOneWhateverTheReportsOwnRange() {
		TimeRange range = RangeChoice.LAST_MONTH.range(WEEKLY, null, null, WEDNESDAY);

		assertThat(range).isEqualTo(new TimeRange(OffsetDateTime.parse("2026-10-01T00:00:00+02:00"),
				OffsetDateTime.parse("2026-11-01T00:00:00+01:00")));
	}

	@Test
	void aCostReportTakesLastMonthAndRefusesLastWeekInOneLine() {
		// given the shipped cost report, which covers UTC billing months
		ReportDefinition cost = new ReportDefinitions(Path.of("reports")).load("monthly-cost");

		// then last month is October in UTC; last week is no bill the vendor sent
		assertThat(RangeChoice.LAST_MONTH.range(cost, null, null, WEDNESDAY)).isEqualTo(new TimeRange(
				OffsetDateTime.parse("2026-10-01T00:00:00Z"), OffsetDateTime.parse("2026-11-01T00:00:00Z")));
		assertThatThrownBy(() -> RangeChoice.LAST_WEEK.range(cost, null, null, WEDNESDAY))
			.isInstanceOf(UserFacingException.class)
			.hasMessage("a cost report covers one billing month, a calendar month in UTC: give --from=2026-11-01 "
					+ "--to=2026-12-01");
	}

	@Test
	void aCustomRangesDatesAreMidnightsInTheReportsZone() {
		TimeRange range = RangeChoice.CUSTOM.range(WEEKLY, "2026-10-05", " 2026-10-12 ", WEDNESDAY);

		assertThat(range).isEqualTo(new TimeRange(OffsetDateTime.parse("2026-10-05T00:00:00+02:00"),
				OffsetDateTime.parse("2026-10-12T00:00:00+02:00")));
	}

	@Test
	void aCustomRangeWithoutItsEndIsRefusedInOneLine() {
		assertThatThrownBy(() -> RangeChoice.CUSTOM.range(WEEKLY, "2026-10-05", "", WEDNESDAY))
			.isInstanceOf(UserFacingException.class)
			.hasMessageStartingWith("a custom range needs both from and to")
			.hasMessageContaining("Europe/Berlin");
	}

	@Test
	void aCustomRangeStillToComeIsRefused() {
		assertThatThrownBy(() -> RangeChoice.CUSTOM.range(WEEKLY, "2026-11-16", "2026-11-23", WEDNESDAY))
			.isInstanceOf(UserFacingException.class)
			.hasMessageStartingWith("to '2026-11-23' is still to come");
	}

	@Test
	void theChoicesAreReadByTheirWordsAndNoneIsLastWeek() {
		assertThat(RangeChoice.parse("last-month")).isEqualTo(RangeChoice.LAST_MONTH);
		assertThat(RangeChoice.parse(" Custom ")).isEqualTo(RangeChoice.CUSTOM);
		assertThat(RangeChoice.parse(null)).isEqualTo(RangeChoice.LAST_WEEK);
		assertThat(RangeChoice.LAST_WEEK.word()).isEqualTo("last-week");
		assertThatThrownBy(() -> RangeChoice.parse("yesterday")).isInstanceOf(UserFacingException.class)
			.hasMessage("range 'yesterday' is none of last-week, last-month, custom");
	}

}
