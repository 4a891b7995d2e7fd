package io.apmreports.staging;

import static io.apmreports.staging.StagingDatabases.application;
import static io.apmreports.staging.StagingDatabases.breakdown;
import static io.apmreports.staging.StagingDatabases.figures;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.jdbc.core.JdbcTemplate;

import io.apmreports.formula.FigureColumn;
import io.apmreports.range.TimeRange;
import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.FigureStatus;

/**
 * Staged applications read with their figures, on both databases: every status as the
 * files show it, an application never fetched as failed, and the figures as they were
 * saved.
 */
class ApplicationRowsIntegrationTests {

	private static final long INSTANCE = 5;

	private static final TimeRange RANGE = new TimeRange(OffsetDateTime.parse("2026-11-09T00:00:00Z"),
			OffsetDateTime.parse("2026-11-16T00:00:00Z"));

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void summaryRowsShowEveryStatusAndTheFiguresAsSaved(String database, JdbcTemplate jdbc) {
		// given
		ApplicationRows rows = stage(jdbc);

		// when
		List<SummaryRow> summary = new ArrayList<>();
		rows.forEachSummary(INSTANCE, RANGE, summary::add);

		// then in report order, the one never fetched failed
		assertThat(summary).extracting(SummaryRow::applicationName, SummaryRow::status, SummaryRow::statusDetail)
			.containsExactly(tuple("Alpha", "ok", null), tuple("beta", "failed", "failed in this test"),
					tuple("delta", "no_data", "no_data in this test"),
					tuple("Epsilon", "failed", "listed but its figures were never fetched"),
					tuple("Gamma", "gone", "gone in this test"));
		for (FigureColumn figure : FigureColumn.values()) {
			assertThat(summary.get(0).figures().get(figure)).as(figure.column()).isEqualTo(figure.of(breakdown(100)));
			assertThat(summary.get(1).figures().get(figure)).as(figure.column()).isNull();
		}
		assertThat(summary.get(0).apdexScore()).isEqualTo(0.9);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void usageRowsShowEachApplicationsShareOfTheCalls(String database, JdbcTemplate jdbc) {
		// given
		ApplicationRows rows = stage(jdbc);

		// when
		List<UsageRow> usage = new ArrayList<>();
		rows.forEachUsage(INSTANCE, RANGE, 4000.0, usage::add);

		// then
		assertThat(usage).extracting(UsageRow::applicationName, UsageRow::shareOfCalls, UsageRow::status)
			.containsExactly(tuple("Alpha", 0.25, "ok"), tuple("beta", null, "failed"), tuple("delta", null, "no_data"),
					tuple("Epsilon", null, "failed"), tuple("Gamma", null, "gone"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void usageComesBusiestFirstAndThoseWithoutCallsLastByName(String database, JdbcTemplate jdbc) {
		// given calls in an order that is not the names' order
		new StagedApplications(jdbc).save(INSTANCE, List.of(application(1, "Alpha"), application(2, "beta"),
				application(3, "Gamma"), application(4, "delta")));
		new CurrentFigures(jdbc).save(INSTANCE,
				List.of(calls(1, 1000.0), calls(2, 5000.0), calls(3, null), calls(4, 3000.0)));

		// when
		List<UsageRow> usage = new ArrayList<>();
		new ApplicationRows(jdbc).forEachUsage(INSTANCE, RANGE, 9000.0, usage::add);

		// then
		assertThat(usage).extracting(UsageRow::applicationName, UsageRow::callVolume)
			.containsExactly(tuple("beta", 5000.0), tuple("delta", 3000.0), tuple("Alpha", 1000.0),
					tuple("Gamma", null));
	}

	private static ApplicationFigures calls(long id, Double calls) {
		return new ApplicationFigures(id, breakdown(100), 0.9, null, calls, FigureStatus.OK, null);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void theOverviewCountsFailedAndGoneApartAndNamesThem(String database, JdbcTemplate jdbc) {
		// given
		ApplicationRows rows = stage(jdbc);

		// when
		ApplicationRows.Counts counts = rows.counts(INSTANCE);

		// then
		assertThat(counts).isEqualTo(new ApplicationRows.Counts(5, 2, 1));
		assertThat(rows.busiest(INSTANCE, 10))
			.extracting(ApplicationPeriods::applicationName, ApplicationPeriods::status)
			.containsExactly(tuple("Alpha", "ok"), tuple("delta", "no_data"));
		assertThat(rows.failedNames(INSTANCE)).containsExactly("beta", "Epsilon");
		assertThat(rows.goneNames(INSTANCE)).containsExactly("Gamma");
		assertThat(rows.totalCalls(INSTANCE)).isEqualTo(1000.0);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void theCountedApplicationsCarryTheirFiguresNowAndInThePreviousPeriod(String database, JdbcTemplate jdbc) {
		// given Alpha (101 rpm at 103 ms, Apdex 0.9, 1,000 calls) had 51 rpm at 53 ms,
		// Apdex
		// 0.8, 500 calls and an error rate of 1% before
		ApplicationRows rows = stage(jdbc);
		new PreviousFigures(jdbc).save(INSTANCE,
				List.of(new ApplicationFigures(1, breakdown(50), 0.8, 0.01, 500.0, FigureStatus.OK, null)));

		// when
		List<ApplicationPeriods> counted = new ArrayList<>();
		rows.forEachCounted(INSTANCE, counted::add);

		// then Alpha and delta count (beta and Epsilon failed, Gamma is gone); only Alpha
		// has figures, and no error rate now
		assertThat(counted).extracting(ApplicationPeriods::applicationName).containsExactlyInAnyOrder("Alpha", "delta");
		assertThat(counted).filteredOn(application -> application.applicationName().equals("Alpha"))
			.singleElement()
			.satisfies(alpha -> {
				assertThat(alpha.now()).isEqualTo(new PeriodFigures(1000.0, 101.0, 103.0, 0.9, null));
				assertThat(alpha.before()).isEqualTo(new PeriodFigures(500.0, 51.0, 53.0, 0.8, 0.01));
			});
		assertThat(rows.busiest(INSTANCE, 1)).singleElement()
			.satisfies(alpha -> assertThat(alpha.before().calls()).isEqualTo(500.0));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void anApplicationThatFailedNowCountsInNeitherPeriod(String database, JdbcTemplate jdbc) {
		// given Alpha had 500 calls before, and beta, which failed now, had 300
		ApplicationRows rows = stage(jdbc);
		new PreviousFigures(jdbc).save(INSTANCE,
				List.of(new ApplicationFigures(1, breakdown(50), 0.8, 0.01, 500.0, FigureStatus.OK, null),
						new ApplicationFigures(2, breakdown(20), 0.7, 0.02, 300.0, FigureStatus.OK, null)));

		// when
		List<ApplicationPeriods> counted = new ArrayList<>();
		rows.forEachCounted(INSTANCE, counted::add);

		// then last period's calls are Alpha's alone: beta's would read as a fall in
		// traffic
		assertThat(counted).extracting(application -> application.before().calls())
			.containsExactlyInAnyOrder(500.0, null);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void aboutRowsAreTheApplicationsWithFigures(String database, JdbcTemplate jdbc) {
		// given
		ApplicationRows rows = stage(jdbc);

		// when
		List<AboutRow> about = new ArrayList<>();
		rows.forEachAbout(INSTANCE, about::add);

		// then
		assertThat(about).extracting(AboutRow::applicationName, AboutRow::databaseFormula)
			.containsExactly(tuple("Alpha", "DATASTORE"));
	}

	/**
	 * Alpha fetched, beta failed, Gamma gone, delta without calls, Epsilon listed and
	 * never fetched.
	 */
	static ApplicationRows stage(JdbcTemplate jdbc) {
		new StagedApplications(jdbc).save(INSTANCE, List.of(application(1, "Alpha"), application(2, "beta"),
				application(3, "Gamma"), application(4, "delta"), application(5, "Epsilon")));
		new CurrentFigures(jdbc).save(INSTANCE, List.of(figures(1, FigureStatus.OK), figures(2, FigureStatus.FAILED),
				figures(3, FigureStatus.GONE), figures(4, FigureStatus.NO_DATA)));
		return new ApplicationRows(jdbc);
	}

}
