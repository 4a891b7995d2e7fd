package io.apmreports.staging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.jdbc.core.JdbcTemplate;

import io.apmreports.source.BilledMonth;

/**
 * A cost run's staged month on both databases: read back in the report's order, replaced
 * whole when staged again, and gone when the run is removed.
 */
class CostTablesIntegrationTests {

	private static final long INSTANCE = 3;

	private static final YearMonth OCTOBER = YearMonth.of(2026, 10);

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void theStagedMonthIsReadInTheReportsOrder(String database, JdbcTemplate jdbc) {
		// given
		CostTables tables = new CostTables(jdbc);
		tables.save(INSTANCE,
				month(List.of(new CostRow(2, null, null, "ApmEventsBytes", 1.5, null),
						new CostRow(2, "search", null, "ApmEventsBytes", 2, 2.2),
						new CostRow(1, "Checkout", "payments", "ApmEventsBytes", 3, 3.3),
						new CostRow(1, "Billing", "Accounts", "TracingBytes", 4, 4.4))));
		// when
		List<CostRow> rows = new ArrayList<>();
		tables.forEachRow(INSTANCE, rows::add);
		// then by team, those without last; the unallocated line last of its account
		assertThat(rows).extracting(CostRow::application, CostRow::team, CostRow::estimatedGigabytes)
			.containsExactly(tuple("Billing", "Accounts", 4.4), tuple("Checkout", "payments", 3.3),
					tuple("search", null, 2.2), tuple(null, null, null));
		assertThat(tables.accounts(INSTANCE)).extracting(CostAccount::accountId, CostAccount::notMeasured)
			.containsExactly(tuple(1L, null), tuple(2L, "the key may not read account 2"));
		assertThat(tables.billedMonth(INSTANCE))
			.isEqualTo(new BilledMonth(412.5, null, Map.of("core", 3.0), Map.of("advanced", 10.0)));
		assertThat(tables.months(INSTANCE)).extracting(CostMonth::month, CostMonth::team)
			.containsExactly(tuple(OCTOBER.minusMonths(1), null), tuple(OCTOBER, "payments"), tuple(OCTOBER, null));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void stagingAgainReplacesTheMonthAndClearingTakesItAll(String database, JdbcTemplate jdbc) {
		// given a month staged twice
		CostTables tables = new CostTables(jdbc);
		tables.save(INSTANCE, month(List.of(new CostRow(1, "Checkout", null, "ApmEventsBytes", 3, 3.0))));
		tables.save(INSTANCE, month(List.of(new CostRow(1, "Billing", null, "ApmEventsBytes", 4, 4.0))));
		List<CostRow> rows = new ArrayList<>();
		tables.forEachRow(INSTANCE, rows::add);
		assertThat(rows).extracting(CostRow::application).containsExactly("Billing");
		assertThat(tables.accounts(INSTANCE)).hasSize(2);
		// when the run's staging rows go
		tables.clear(INSTANCE);
		// then its month goes too
		assertThat(tables.accounts(INSTANCE)).isEmpty();
		assertThat(tables.months(INSTANCE)).isEmpty();
		assertThat(tables.billedMonth(INSTANCE)).isEqualTo(BilledMonth.NONE);
	}

	private static StagedCost month(List<CostRow> rows) {
		return new StagedCost(rows,
				List.of(new CostAccount(2, "Staging", false, 3.5, 0, 31, "the key may not read account 2"),
						new CostAccount(1, "Production", true, 7, 31, 31, null)),
				new BilledMonth(412.5, null, Map.of("core", 3.0), Map.of("advanced", 10.0)),
				List.of(new CostMonth(OCTOBER, 1, null, false, 1), new CostMonth(OCTOBER, 1, "payments", true, 6),
						new CostMonth(OCTOBER.minusMonths(1), 1, null, false, 5)));
	}

}
