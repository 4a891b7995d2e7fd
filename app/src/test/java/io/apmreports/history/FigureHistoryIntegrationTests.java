package io.apmreports.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;

import javax.sql.DataSource;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import io.apmreports.range.TimeRange;
import io.apmreports.testing.TestPostgres;
import io.apmreports.testing.TestSchema;

/**
 * The kept history on both databases the job repository can live in: recorded again, a
 * period replaces its rows; read back, a period is found by its instants whatever offset
 * it is written with; old periods are forgotten.
 */
class FigureHistoryIntegrationTests {

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	private static final HistoryKey KEY = new HistoryKey("weekly-performance", "demo", "1234567", "");

	private static final OffsetDateTime NOW = OffsetDateTime.parse("2026-11-16T06:00:00Z");

	static Stream<Arguments> databases() {
		return Stream.of(Arguments.of("h2", h2()), Arguments.of("postgresql",
				new FigureHistory(new JdbcTemplate(migrated(TestPostgres.newDatabase().dataSource(), "postgresql")))));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void aPeriodRecordedAgainReplacesItsRowsInsteadOfAddingToThem(String database, FigureHistory history) {
		// given a week recorded by one run
		history.record(KEY, List.of(report(WEEK, 100.0, 7L), application(WEEK, 1001, 60.0, 7L)), NOW);

		// when a forced run records the same week again with other figures
		history.record(KEY, List.of(report(WEEK, 120.0, 8L), application(WEEK, 1001, 70.0, 8L)), NOW.plusHours(1));

		// then each subject has one row, the second run's
		List<HistoryRow> reports = history.rows(KEY, HistoryScope.REPORT, List.of(WEEK));
		List<HistoryRow> applications = history.rows(KEY, HistoryScope.APPLICATION, List.of(WEEK));
		assertThat(reports).singleElement().satisfies(row -> {
			assertThat(row.figures().calls()).isEqualTo(120.0);
			assertThat(row.jobExecutionId()).isEqualTo(8L);
			assertThat(row.origin()).isEqualTo(HistoryOrigin.RUN);
		});
		assertThat(applications).singleElement().satisfies(row -> {
			assertThat(row.subject()).isEqualTo("1001");
			assertThat(row.accountId()).isEqualTo(1234567L);
			assertThat(row.name()).isEqualTo("App 1001");
			assertThat(row.figures().calls()).isEqualTo(70.0);
		});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void aPeriodReplacedWholeKeepsNoRowOfWhatItNoLongerHas(String database, FigureHistory history) {
		// given a week recorded with two applications, and the week before it
		TimeRange before = WEEK.previous(BERLIN);
		history.record(KEY, List.of(report(before, 90.0, 6L), application(before, 1002, 30.0, 6L)), NOW);
		history.record(KEY,
				List.of(report(WEEK, 100.0, 7L), application(WEEK, 1001, 60.0, 7L), application(WEEK, 1002, 40.0, 7L)),
				NOW);

		// when a forced run of the week replaces it with one application, the other gone
		history.replace(KEY, WEEK, List.of(report(WEEK, 60.0, 8L), application(WEEK, 1001, 60.0, 8L)),
				NOW.plusHours(1));

		// then the week holds only what the second run told, and the week before is as it
		// was
		assertThat(history.rows(KEY, HistoryScope.APPLICATION, List.of(WEEK))).extracting(HistoryRow::subject)
			.containsExactly("1001");
		assertThat(history.rows(KEY, HistoryScope.REPORT, List.of(WEEK))).singleElement()
			.satisfies(row -> assertThat(row.jobExecutionId()).isEqualTo(8L));
		assertThat(history.rows(KEY, HistoryScope.APPLICATION, List.of(before))).extracting(HistoryRow::subject)
			.containsExactly("1002");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void aPeriodIsFoundByItsInstantsAndComesBackAsAsked(String database, FigureHistory history) {
		// given a week recorded with Berlin's offsets, and the week before it
		TimeRange before = WEEK.previous(BERLIN);
		history.record(KEY, List.of(report(before, 90.0, 6L), report(WEEK, 100.0, 7L)), NOW);

		// when the same week is asked for in UTC
		TimeRange inUtc = new TimeRange(WEEK.from().withOffsetSameInstant(ZoneOffset.UTC),
				WEEK.to().withOffsetSameInstant(ZoneOffset.UTC));
		List<HistoryRow> rows = history.rows(KEY, HistoryScope.REPORT, List.of(inUtc));

		// then only that week is found, carrying the period as asked
		assertThat(rows).singleElement().satisfies(row -> {
			assertThat(row.period()).isSameAs(inUtc);
			assertThat(row.figures().calls()).isEqualTo(100.0);
		});
		// and a period that only overlaps a kept one is none of them
		TimeRange shifted = new TimeRange(WEEK.from().plusDays(1), WEEK.to().plusDays(1));
		assertThat(history.rows(KEY, HistoryScope.REPORT, List.of(shifted))).isEmpty();
		assertThat(history.periods(KEY)).extracting(period -> period.from().toInstant())
			.containsExactly(before.from().toInstant(), WEEK.from().toInstant());
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void absentAndImpossibleFiguresAreKeptAsAbsentNeverAsNumbers(String database, FigureHistory history) {
		// given an application without Apdex and with an error rate that is no number
		HistoryRow row = new HistoryRow(HistoryScope.APPLICATION, 1234567, "1002", "App 1002", WEEK,
				HistoryFigures.headline(10.0, 1.0, 50.0, null, Double.NaN), HistoryOrigin.NRQL, null);

		// when it is recorded by a backfill
		history.record(KEY, List.of(row), NOW);

		// then both are absent, and no run recorded it
		assertThat(history.rows(KEY, HistoryScope.APPLICATION, List.of(WEEK))).singleElement().satisfies(kept -> {
			assertThat(kept.figures().apdexScore()).isNull();
			assertThat(kept.figures().errorRate()).isNull();
			assertThat(kept.figures().webCalls()).isNull();
			assertThat(kept.figures().calls()).isEqualTo(10.0);
			assertThat(kept.origin()).isEqualTo(HistoryOrigin.NRQL);
			assertThat(kept.jobExecutionId()).isNull();
		});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void keysDoNotShareACourse(String database, FigureHistory history) {
		// given the same week of the whole report and of a team's share
		HistoryKey team = new HistoryKey("weekly-performance", "demo", "1234567", "checkout");
		history.record(KEY, List.of(report(WEEK, 100.0, 7L)), NOW);
		history.record(team, List.of(report(WEEK, 30.0, 9L)), NOW);

		// then each reads its own
		assertThat(history.rows(KEY, HistoryScope.REPORT, List.of(WEEK))).extracting(row -> row.figures().calls())
			.containsExactly(100.0);
		assertThat(history.rows(team, HistoryScope.REPORT, List.of(WEEK))).extracting(row -> row.figures().calls())
			.containsExactly(30.0);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void periodsThatEndedBeforeTheTimeAreForgottenAndTheOthersKept(String database, FigureHistory history) {
		// given three weeks kept
		List<TimeRange> weeks = WEEK.lastPeriods(BERLIN, 3);
		weeks.forEach(
				week -> history.record(KEY, List.of(report(week, 100.0, 7L), application(week, 1001, 60.0, 7L)), NOW));

		// when what ended before the second week's end is forgotten
		int forgotten = history.forgetBefore(weeks.get(1).to());

		// then the first week's two rows went, and the later weeks stay
		assertThat(forgotten).isEqualTo(2);
		assertThat(history.periods(KEY)).extracting(period -> period.to().toInstant())
			.containsExactly(weeks.get(1).to().toInstant(), weeks.get(2).to().toInstant());
	}

	private static HistoryRow report(TimeRange period, double calls, Long run) {
		return new HistoryRow(HistoryScope.REPORT, 0, "", null, period,
				HistoryFigures.headline(calls, calls / 10, 200.0, 0.9, 0.01), HistoryOrigin.RUN, run);
	}

	private static HistoryRow application(TimeRange period, long id, double calls, Long run) {
		return new HistoryRow(HistoryScope.APPLICATION, 1234567, Long.toString(id), "App " + id, period,
				HistoryFigures.headline(calls, calls / 10, 150.0, 0.95, 0.02), HistoryOrigin.RUN, run);
	}

	/** A fresh H2 database's history; public for the step's and the backfill's tests. */
	public static FigureHistory h2() {
		return new FigureHistory(
				new JdbcTemplate(
						migrated(
								new DriverManagerDataSource(
										"jdbc:h2:mem:history-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1", "sa", ""),
								"h2")));
	}

	private static DataSource migrated(DataSource dataSource, String vendor) {
		return TestSchema.migrate(dataSource, vendor);
	}

}
