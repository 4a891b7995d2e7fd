package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class MonthToDateTests {

	private static final long PARENT = SandboxOptions.DEMO_ACCOUNT_ID;

	private static final SandboxBilling BILLING = SandboxBilling
		.of(SandboxOptions.demoOrganisation("user-key", "staging-key", "data-key"));

	private static long millis(YearMonth month) {
		return month.atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
	}

	private static String month(YearMonth month) {
		return " SINCE " + millis(month) + " UNTIL " + millis(month.plusMonths(1));
	}

	@Test
	void theMonthsLatestFiguresAreTheBillOfItsLastHour() {
		// given October's month-to-date figures, asked in the parent
		YearMonth october = YearMonth.of(2026, 10);
		Map<String, Object> bill = UsageEventsTests
			.ask(PARENT,
					"FROM NrMTDConsumption SELECT latest(GigabytesIngestedBillable), latest(freeLimit), "
							+ "latest(GigabytesIngested) AS gigabytes, latest(FullPlatformUsersBillable), "
							+ "latest(CoreUsersBillable), latest(BasicUsersBillable)" + month(october))
			.get(0);
		Map<String, Object> advanced = UsageEventsTests
			.ask(PARENT,
					"FROM NrMTDConsumption SELECT latest(consumption) WHERE metric = 'AdvancedCCU'" + month(october))
			.get(0);
		Map<String, Object> core = UsageEventsTests
			.ask(PARENT, "FROM NrMTDConsumption SELECT latest(consumption) WHERE metric = 'CoreCCU'" + month(october))
			.get(0);

		// then they are the whole month's: the billable gigabytes the whole ones above
		// the
		// free 100, the month's users, and compute units of advanced compute only
		Instant end = Instant.ofEpochMilli(millis(october.plusMonths(1)));
		double gigabytes = BILLING.monthToDateGigabytes(october, end);
		assertThat((double) bill.get("gigabytes")).isCloseTo(gigabytes, within(1e-9));
		assertThat(bill).containsEntry("latest.GigabytesIngestedBillable", Math.floor(gigabytes) - 100)
			.containsEntry("latest.freeLimit", 100.0)
			.containsEntry("latest.FullPlatformUsersBillable",
					(double) BilledUsers.billableUsers("FullPlatformUsers", october))
			.containsEntry("latest.CoreUsersBillable", (double) BilledUsers.billableUsers("CoreUsers", october))
			.containsEntry("latest.BasicUsersBillable", 0.0);
		assertThat(BILLING.billableGigabytes(october, end)).isEqualTo((long) Math.floor(gigabytes) - 100);
		assertThat((double) advanced.get("latest.consumption"))
			.isCloseTo(BILLING.computeUnits(SandboxBilling.ADVANCED_CCU, october, end), within(1e-9))
			.isPositive();
		assertThat(core).containsEntry("latest.consumption", null);
	}

	@Test
	void theHourlyComputeUnitsAddUpToTheMonthToDate() {
		// given October's compute units summed from the hourly usage events
		YearMonth october = YearMonth.of(2026, 10);
		Object units = UsageEventsTests
			.ask(PARENT, "FROM NrConsumption SELECT sum(consumption) WHERE metric = 'AdvancedCCU'" + month(october))
			.get(0)
			.get("sum.consumption");

		// then they are the month's, as the month to date tells them
		assertThat((double) units).isCloseTo(BILLING.computeUnits(SandboxBilling.ADVANCED_CCU, october,
				Instant.ofEpochMilli(millis(october.plusMonths(1)))), within(1e-6));
	}

	@Test
	void theMonthSoFarEndsAtTheLastWholeHourBeforeTheWindowsEnd() {
		// given the month to date asked up to the 10th of October, noon
		YearMonth october = YearMonth.of(2026, 10);
		Instant noon = Instant.parse("2026-10-10T12:00:00Z");
		Object gigabytes = UsageEventsTests
			.ask(PARENT,
					"FROM NrMTDConsumption SELECT latest(GigabytesIngested) WHERE productLine = 'DataPlatform'"
							+ " SINCE " + millis(october) + " UNTIL " + noon.toEpochMilli())
			.get(0)
			.get("latest.GigabytesIngested");

		// then it is the organisation's ingest from the 1st to then, less than the
		// month's
		assertThat((double) gigabytes).isCloseTo(BILLING.monthToDateGigabytes(october, noon), within(1e-9))
			.isLessThan(BILLING.monthToDateGigabytes(october, noon.plusSeconds(86_400 * 25)));
	}

	@Test
	void twelveMonthsFacetedByMonthAreNamedAsTheVendorNamesThem() {
		// given the history query of the cost report over the twelve months to October
		YearMonth first = YearMonth.of(2025, 11);
		YearMonth october = YearMonth.of(2026, 10);
		List<Map<String, Object>> rows = UsageEventsTests.ask(PARENT,
				"FROM NrConsumption SELECT "
						+ "sum(GigabytesIngested) WHERE productLine = 'DataPlatform' FACET monthOf(timestamp), "
						+ "consumingAccountId, usageMetric SINCE " + millis(first) + " UNTIL "
						+ millis(october.plusMonths(1)) + " LIMIT MAX");

		// then each month is named "November 2025" and so on, its figures the billing's
		assertThat(rows).extracting(row -> (Object) ((List<?>) row.get("facet")).get(0))
			.containsOnly("November 2025", "December 2025", "January 2026", "February 2026", "March 2026", "April 2026",
					"May 2026", "June 2026", "July 2026", "August 2026", "September 2026", "October 2026");
		Instant from = Instant.ofEpochMilli(millis(YearMonth.of(2026, 2)));
		Instant to = Instant.ofEpochMilli(millis(YearMonth.of(2026, 3)));
		double staging = BILLING.ownGigabytes(SandboxOptions.DEMO_STAGING_ACCOUNT_ID, "ApmEventsBytes", from, to);
		assertThat(rows)
			.filteredOn(row -> row.get("facet").equals(List.of("February 2026", "7654321", "ApmEventsBytes")))
			.singleElement()
			.satisfies(row -> assertThat((double) row.get("sum.GigabytesIngested")).isCloseTo(staging, within(1e-9)));
	}

	@Test
	void usageEventsAreKeptFourteenMonthsAndNoneIsInTheFuture() {
		// given the ingest asked from 2024 to 2027
		List<Map<String, Object>> rows = UsageEventsTests.ask(PARENT, "SELECT sum(GigabytesIngested) FROM "
				+ "NrConsumption FACET monthOf(timestamp) SINCE '2024-01-01' UNTIL '2027-06-01' LIMIT MAX");

		// then the months answered run from September 2025 (14 months before November
		// 2026) to the clock's month
		assertThat(rows).extracting(row -> row.get("facet"))
			.hasSize(15)
			.contains("September 2025", "November 2026")
			.doesNotContain("August 2025", "December 2026");
	}

}
