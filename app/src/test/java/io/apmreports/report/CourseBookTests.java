package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.formula.Change;
import io.apmreports.formula.Kind;
import io.apmreports.history.HistoryFigures;
import io.apmreports.history.HistoryOrigin;
import io.apmreports.history.HistoryRow;
import io.apmreports.history.HistoryScope;
import io.apmreports.range.TimeRange;
import io.apmreports.testing.CourseFixtures;

/**
 * The courses and usuals built from kept rows: the run's own point is the run's figure, a
 * period not kept is a gap, and the usual is of the 12 periods before the run's own.
 */
class CourseBookTests {

	private static final ZoneId ZONE = ZoneId.of("Europe/Berlin");

	private static final TimeRange WEEK = new TimeRange(OffsetDateTime.parse("2026-11-16T00:00:00+01:00"),
			OffsetDateTime.parse("2026-11-23T00:00:00+01:00"));

	private static final List<TimeRange> PERIODS = WEEK.lastPeriods(ZONE, 13);

	@Test
	void theReportsHeadlineGetsTheLastTwelveWeeksEndingWithTheRunsOwnFigure() {
		// given the 12 weeks before kept (one not), and the run's own week kept as 999
		List<HistoryRow> rows = rows(HistoryScope.REPORT, 0, "", CourseFixtures.EARLIER);
		rows.add(row(HistoryScope.REPORT, 0, "", PERIODS.get(12), 999.0));
		CourseBook book = new CourseBook("week", PERIODS, rows, List.of(), List.of());

		// when
		List<Overview.Headline> headlines = book.report(List.of(
				new Overview.Headline("Applications", Kind.INTEGER, Overview.Better.NEITHER, new Change(3.0, null)),
				new Overview.Headline("Response time (ms)", Kind.MILLISECONDS, Overview.Better.LOWER,
						new Change(230.0, 260.0))));

		// then the count of applications has none; response time the 11 latest earlier
		// weeks, then the run's own 230, not what was kept of it
		assertThat(headlines.get(0).course()).isNull();
		assertThat(headlines.get(1).course()).isEqualTo(CourseFixtures.RESPONSE_COURSE);
	}

	@Test
	void eachAccountHasItsOwnCourseAndAnAccountNotKeptHasOnlyItsOwnPoint() {
		List<HistoryRow> rows = rows(HistoryScope.ACCOUNT, 1234567, "", CourseFixtures.EARLIER);
		CourseBook book = new CourseBook("week", PERIODS, List.of(), rows, List.of());
		Overview.Headline response = new Overview.Headline("Response time (ms)", Kind.MILLISECONDS,
				Overview.Better.LOWER, new Change(230.0, 260.0));

		assertThat(book.account(1234567, List.of(response)).get(0).course()).isEqualTo(CourseFixtures.RESPONSE_COURSE);
		Course none = book.account(7654321, List.of(response)).get(0).course();
		assertThat(none.points()).hasSize(12).last().isEqualTo(230.0);
		assertThat(none.kept()).isEqualTo(1);
		assertThat(none.usual().told()).isFalse();
		assertThat(none.usual().kept()).isZero();
	}

	@Test
	void anApplicationsMedianIsOfItsOwnRowsForTheFiguresTheHistoryKeeps() {
		List<HistoryRow> rows = rows(HistoryScope.APPLICATION, 1234567, "1005", CourseFixtures.EARLIER);
		CourseBook book = new CourseBook("week", PERIODS, List.of(), List.of(), rows);

		assertThat(book.median(1005, "response_time_ms")).isEqualTo(230.0);
		assertThat(book.usual(1005, "response_time_ms")).isEqualTo(CourseFixtures.RESPONSE_USUAL);
		// kept nowhere: too little history, no median
		assertThat(book.median(1006, "response_time_ms")).isNull();
		// the history keeps no database time
		assertThat(book.usual(1005, "database_ms")).isNull();
		assertThat(CourseBook.NONE.usual(1005, "response_time_ms")).isNull();
	}

	/** A row of response time for each of the 12 earlier periods with a value. */
	private static List<HistoryRow> rows(HistoryScope scope, long account, String subject, List<Double> values) {
		List<HistoryRow> rows = new ArrayList<>();
		for (int i = 0; i < values.size(); i++) {
			if (values.get(i) != null) {
				rows.add(row(scope, account, subject, PERIODS.get(i), values.get(i)));
			}
		}
		return rows;
	}

	private static HistoryRow row(HistoryScope scope, long account, String subject, TimeRange period, double ms) {
		return new HistoryRow(scope, account, subject, null, period,
				HistoryFigures.headline(1000.0, 10.0, ms, 0.9, 0.01), HistoryOrigin.RUN, 1L);
	}

}
