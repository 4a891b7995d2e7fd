package io.apmreports.report;

import java.math.BigDecimal;
import java.time.YearMonth;
import java.util.List;
import java.util.Map;

import io.apmreports.definition.CostSettings;
import io.apmreports.source.BilledMonth;
import io.apmreports.staging.CostAccount;
import io.apmreports.staging.CostMonth;
import io.apmreports.staging.CostRow;

/**
 * A month of a parent (production, 300.5 GB of its own) and a child (staging, 120 GB,
 * measured 21 of 31 days), 420.5 GB in all, as the cost step stages it; and the month
 * before, split by team.
 */
public final class CostFixtures {

	public static final YearMonth OCTOBER = YearMonth.of(2026, 10);

	public static final List<CostRow> ROWS = List.of(
			new CostRow(1234567, "Checkout Service", "checkout", "ApmEventsBytes", 150.0, 140.0),
			new CostRow(7654321, "Checkout Service", "checkout", "ApmEventsBytes", 80.0, 75.0),
			new CostRow(1234567, "Search API", "search", "ApmEventsBytes", 100.0, 90.0),
			new CostRow(7654321, "Legacy", null, "ApmEventsBytes", 20.0, 18.0),
			new CostRow(1234567, null, null, "LoggingBytes", 50.5, null),
			new CostRow(7654321, null, null, "InfraHostBytes", 20.0, null));

	public static final List<CostAccount> ACCOUNTS = List.of(
			new CostAccount(1234567, "production", true, 300.5, 31, 31, null),
			new CostAccount(7654321, "staging", false, 120.0, 21, 31, null));

	/** 3 full-platform, 2 core and 10 basic users; 1,000 core compute units. */
	public static final BilledMonth BILLED = new BilledMonth(320.0, 100.0,
			Map.of("full-platform", 3.0, "core", 2.0, "basic", 10.0), Map.of("core", 1000.0));

	/**
	 * September split by team (checkout 140 + 77.6 = 217.6, search 105, no tag 20,
	 * unallocated 50.5 + 20 = 70.5); August by account alone (production 380).
	 */
	public static final List<CostMonth> MONTHS = List.of(
			new CostMonth(YearMonth.of(2026, 8), 1234567, null, false, 380.0),
			new CostMonth(YearMonth.of(2026, 9), 1234567, "checkout", true, 140.0),
			new CostMonth(YearMonth.of(2026, 9), 7654321, "checkout", true, 77.6),
			new CostMonth(YearMonth.of(2026, 9), 1234567, "search", true, 105.0),
			new CostMonth(YearMonth.of(2026, 9), 7654321, null, true, 20.0),
			new CostMonth(YearMonth.of(2026, 9), 1234567, null, false, 50.5),
			new CostMonth(YearMonth.of(2026, 9), 7654321, null, false, 20.0));

	/**
	 * US $0.30 a GB (EU $0.35) above 100 GB free; $349 a full-platform user, $49 a core
	 * user, no price for basic users; $0.10 a core compute unit.
	 */
	public static final CostSettings.Prices PRICES = new CostSettings.Prices("USD", "original", new BigDecimal("100"),
			Map.of("us", new BigDecimal("0.30"), "eu", new BigDecimal("0.35")),
			Map.of("full-platform", new BigDecimal("349"), "core", new BigDecimal("49")),
			Map.of("core", new BigDecimal("0.10")));

	private CostFixtures() {
	}

	public static CostSettings settings(CostSettings.UserRule users, CostSettings.Prices prices) {
		return new CostSettings(null, CostSettings.ParentRow.INCLUDES_CHILDREN, users, 8, prices);
	}

	/** The month priced, users on their own line, in the US. */
	public static CostReport priced() {
		return CostReportBuilder.build(OCTOBER, settings(CostSettings.UserRule.OWN_LINE, PRICES), "team", "us", ROWS,
				ACCOUNTS, BILLED, MONTHS);
	}

	/** The month priced, with other accounts. */
	public static CostReport build(List<CostAccount> accounts) {
		return CostReportBuilder.build(OCTOBER, settings(CostSettings.UserRule.OWN_LINE, PRICES), "team", "us", ROWS,
				accounts, BILLED, MONTHS);
	}

	/** The month without prices. */
	public static CostReport unpriced() {
		return CostReportBuilder.build(OCTOBER, settings(CostSettings.UserRule.OWN_LINE, null), "team", "us", ROWS,
				ACCOUNTS, BILLED, MONTHS);
	}

	/** The Overview of a report of cost alone: no applications, the cost headline. */
	public static Overview overview(CostReport report) {
		return new Overview(0, 0, 0, List.of(), List.of(), List.of(), List.of(), List.of()).withCost(report.headline());
	}

}
