package io.apmreports.report;

import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;

import io.apmreports.history.HistoryOrigin;
import io.apmreports.staging.ServiceLevelMonthRow;
import io.apmreports.staging.ServiceLevelRow;
import io.apmreports.staging.ServiceLevelTables;
import io.apmreports.staging.SlaMonthRow;

/**
 * October 2026 of three service levels and one application without any, as the
 * service-level job stages them, with budgets computed by hand:
 * <ul>
 * <li>Checkout availability (target 99.9 %, since June 2025): October 998,600 good of
 * 1,000,000 = 99.86 %, consumed 0.14 / 0.1 = 140 %, red; September 999,950 = 99.995 %,
 * consumed 5 %, 95 % left, green.</li>
 * <li>Search latency (99.5 %, created 10 June 2026): October 99,900 of 100,000 = 99.9 %,
 * consumed 0.1 / 0.5 = 20 %, 80 % left, green; before June "before the SLI existed", June
 * partial.</li>
 * <li>Login success (99 %, created 14 October 2026): October 9,920 of 10,000 = 99.2 %,
 * consumed 0.8 / 1 = 80 %, 20 % left, yellow, partial.</li>
 * <li>Billing, without levels: October kept from a run, September from NRQL without an
 * Apdex, the months before not held.</li>
 * </ul>
 */
public final class ServiceLevelFixtures {

	public static final YearMonth OCTOBER = YearMonth.of(2026, 10);

	public static final String CHECKOUT = "MTIzNDU2N3xFWFR8U0VSVklDRV9MRVZFTHwx";

	public static final String SEARCH = "MTIzNDU2N3xFWFR8U0VSVklDRV9MRVZFTHwy";

	public static final String LOGIN = "NzY1NDMyMXxFWFR8U0VSVklDRV9MRVZFTHwz";

	public static final List<ServiceLevelRow> LEVELS = List.of(
			new ServiceLevelRow(1234567, CHECKOUT, "Checkout availability", 101, "Checkout Service", "checkout",
					OffsetDateTime.parse("2025-06-01T00:00:00Z"), 99.9, 28),
			new ServiceLevelRow(1234567, SEARCH, "Search API latency", 102, "Search API", "search",
					OffsetDateTime.parse("2026-06-10T09:00:00Z"), 99.5, 7),
			new ServiceLevelRow(7654321, LOGIN, "Login success", 201, "Login", null,
					OffsetDateTime.parse("2026-10-14T12:00:00Z"), 99.0, 1));

	private ServiceLevelFixtures() {
	}

	/** Every level's 12 months as the job stages them. */
	public static List<ServiceLevelMonthRow> months() {
		List<ServiceLevelMonthRow> rows = new ArrayList<>();
		for (int back = 11; back >= 0; back--) {
			YearMonth month = OCTOBER.minusMonths(back);
			rows.add(checkout(month));
			rows.add(search(month));
			rows.add(login(month));
		}
		return rows;
	}

	private static ServiceLevelMonthRow checkout(YearMonth month) {
		if (month.equals(OCTOBER)) {
			return figures(CHECKOUT, month, false, 998_600, 1_000_000);
		}
		return figures(CHECKOUT, month, false, 999_950, 1_000_000);
	}

	private static ServiceLevelMonthRow search(YearMonth month) {
		if (month.isBefore(YearMonth.of(2026, 6))) {
			return new ServiceLevelMonthRow(SEARCH, month, true, false, null, null, null);
		}
		return figures(SEARCH, month, month.equals(YearMonth.of(2026, 6)), 99_900, 100_000);
	}

	private static ServiceLevelMonthRow login(YearMonth month) {
		if (month.isBefore(OCTOBER)) {
			return new ServiceLevelMonthRow(LOGIN, month, true, false, null, null, null);
		}
		return figures(LOGIN, month, true, 9_920, 10_000);
	}

	private static ServiceLevelMonthRow figures(String guid, YearMonth month, boolean partial, double good,
			double valid) {
		return new ServiceLevelMonthRow(guid, month, false, partial, Math.min(100, good / valid * 100), good, valid);
	}

	/** Billing's months: October from a run, September from NRQL without an Apdex. */
	public static final List<SlaMonthRow> SLA = List.of(
			new SlaMonthRow(1234567, 103, "Billing", "checkout", YearMonth.of(2026, 9), 110_000.0, null, null, null,
					null, 0.001, HistoryOrigin.NRQL),
			new SlaMonthRow(1234567, 103, "Billing", "checkout", OCTOBER, 120_000.0, 0.93, 0.9, 0.06, 0.04, 0.002,
					HistoryOrigin.RUN));

	/** The tables of a run, held in memory. */
	public static ServiceLevelTables tables(boolean levelsRead) {
		return new ServiceLevelTables() {

			@Override
			public List<ServiceLevelRow> levels(long instanceId) {
				return levelsRead ? LEVELS : List.of();
			}

			@Override
			public List<ServiceLevelMonthRow> months(long instanceId) {
				return levelsRead ? ServiceLevelFixtures.months() : List.of();
			}

			@Override
			public List<SlaMonthRow> sla(long instanceId) {
				return SLA;
			}

			@Override
			public boolean levelsRead(long instanceId) {
				return levelsRead;
			}

		};
	}

	/** October's report of service levels alone, grouped by team. */
	public static ServiceLevelReport october() {
		return build(tables(true));
	}

	/** October's report read through REST v2: no levels, the SLA figures. */
	public static ServiceLevelReport rest() {
		return build(tables(false));
	}

	private static ServiceLevelReport build(ServiceLevelTables tables) {
		return ServiceLevelReportBuilder.build(OCTOBER, "team", tables.levelsRead(1), tables.levels(1),
				tables.months(1), tables.sla(1),
				id -> id == 1234567 ? "production (account 1234567)" : "staging (account " + id + ")", true);
	}

	/** The Overview of a report of service levels alone. */
	public static Overview overview(ServiceLevelReport report) {
		return new Overview(0, 0, 0, List.of(), List.of(), List.of(), List.of(), List.of())
			.withServiceLevels(report.headline());
	}

}
