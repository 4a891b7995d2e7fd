package io.apmreports.staging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.jdbc.core.JdbcTemplate;

import io.apmreports.history.HistoryOrigin;
import io.apmreports.source.StagedApplication;

/**
 * The service-level run's staged rows on both databases: read back as written, in report
 * order, replaced when staged again, and the applications still without SLA months.
 */
class StagedServiceLevelsIntegrationTests {

	private static final YearMonth OCTOBER = YearMonth.of(2026, 10);

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void theStagedRowsAreReadBackInReportOrderAndReplacedWhenStagedAgain(String database, JdbcTemplate jdbc) {
		// given three listed applications, Checkout with two levels
		StagedServiceLevels tables = StagingDatabases.serviceLevels(jdbc, 5,
				List.of(StagingDatabases.application(10, "Checkout").inAccount(1).inGroup("shop"),
						StagingDatabases.application(20, "Search").inAccount(1),
						StagingDatabases.application(30, "Cart").inAccount(1).inGroup("shop")));
		ServiceLevelRow latency = new ServiceLevelRow(1, "b", "Latency", 10, "Checkout", "shop",
				OffsetDateTime.parse("2026-08-15T00:00:00Z"), 99.0, 28);
		ServiceLevelRow availability = new ServiceLevelRow(1, "a", "Availability", 10, "Checkout", "shop",
				OffsetDateTime.parse("2020-01-01T00:00:00Z"), null, null);
		ServiceLevelMonthRow before = new ServiceLevelMonthRow("b", OCTOBER.minusMonths(3), true, false, null, null,
				null);
		ServiceLevelMonthRow partial = new ServiceLevelMonthRow("b", OCTOBER.minusMonths(2), false, true, 99.5, 995.0,
				1000.0);
		ServiceLevelMonthRow whole = new ServiceLevelMonthRow("a", OCTOBER, false, false, 100.0, 10.0, 10.0);

		// when staged twice, and one application's SLA months
		tables.saveLevels(5, false, List.of(), List.of());
		tables.saveLevels(5, true, List.of(latency, availability), List.of(partial, whole, before));
		SlaMonthRow searchOctober = new SlaMonthRow(1, 20, "Search", null, OCTOBER, 100.0, 0.9, 0.8, 0.15, 0.05, 0.01,
				HistoryOrigin.RUN);
		SlaMonthRow searchSeptember = new SlaMonthRow(1, 20, "Search", null, OCTOBER.minusMonths(1), null, null, null,
				null, null, null, HistoryOrigin.NRQL);
		tables.saveSla(5, List.of(searchOctober));
		tables.saveSla(5, List.of(searchOctober, searchSeptember));

		// then each once, in report order, with its marks
		assertThat(tables.levelsRead(5)).isTrue();
		assertThat(tables.levels(5)).containsExactly(availability, latency);
		assertThat(tables.months(5)).containsExactly(whole, before, partial);
		assertThat(tables.sla(5)).containsExactly(searchSeptember, searchOctober);
		// and Cart alone is still to do: Checkout has levels, Search its months
		assertThat(tables.pendingSla(5, 10)).extracting(StagedApplication::id, StagedApplication::group)
			.containsExactly(tuple(30L, "shop"));
		assertThat(tables.pendingSla(5, 0)).isEmpty();

		// and a removed run takes everything with it
		tables.clear(5);
		assertThat(tables.levels(5)).isEmpty();
		assertThat(tables.sla(5)).isEmpty();
		assertThat(tables.levelsRead(5)).isFalse();
	}

}
