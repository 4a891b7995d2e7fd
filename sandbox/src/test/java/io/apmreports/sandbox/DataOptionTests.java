package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;

/**
 * How long the organisation's events are kept, by its data option, at the tests' clock
 * (2026-11-28T23:30Z): original data keeps APM events 8 days and raw metrics 30, Data
 * Plus 98 and 120; the usage events are told either way.
 */
class DataOptionTests {

	private static final long PARENT = SandboxOptions.DEMO_ACCOUNT_ID;

	private static final LocalDate YESTERDAY = LocalDate.of(2026, 11, 27);

	private static final SandboxOptions DEMO = SandboxOptions.demoOrganisation("user-key", "staging-key", "data-key");

	private static List<Map<String, Object>> apps(SandboxBilling billing, String type, LocalDate day) {
		return UsageEventsTests.ask(billing, PARENT,
				ByteEstimatesTests.day("bytecountestimate()", type, "appName", day));
	}

	@Test
	void optionsThatSayNoneAreOnOriginalDataAndTheDemosOrganisationOnDataPlus() {
		assertThat(SandboxOptions.demo("key").dataOption()).isEqualTo(DataOption.ORIGINAL);
		assertThat(DEMO.dataOption()).isEqualTo(DataOption.DATA_PLUS);
		assertThat(SandboxBilling.of(DEMO).retentionDays("Transaction")).isEqualTo(98)
			.isEqualTo(SandboxOptions.DEMO_DATA_OPTION.apmEventRetentionDays());
		assertThat(SandboxBilling.of(DEMO.withDataOption(DataOption.ORIGINAL)).retentionDays("Transaction"))
			.isEqualTo(8);
	}

	@Test
	void onOriginalDataApmEventsGoAfter8DaysAndMetricsAfter30() {
		// given the organisation on the original data option
		SandboxBilling billing = SandboxBilling.of(DEMO.withDataOption(DataOption.ORIGINAL));
		LocalDate tenDaysAgo = YESTERDAY.minusDays(9);
		LocalDate fortyDaysAgo = YESTERDAY.minusDays(39);

		// then APM events of 10 days ago are gone, whole and by application, and raw
		// metrics of 40 days ago
		assertThat(apps(billing, "Transaction", tenDaysAgo)).isEmpty();
		assertThat(UsageEventsTests
			.ask(billing, PARENT, ByteEstimatesTests.day("bytecountestimate()", "Transaction", "", tenDaysAgo))
			.get(0)).containsEntry("bytecountestimate", 0.0);
		assertThat(apps(billing, "Transaction", YESTERDAY.minusDays(6))).isNotEmpty();
		assertThat(apps(billing, "Metric", tenDaysAgo)).isNotEmpty();
		assertThat(apps(billing, "Metric", fortyDaysAgo)).isEmpty();
		// while the bill of those days is still told
		assertThat(UsageEventsTests
			.ask(billing, PARENT, ByteEstimatesTests.day("sum(GigabytesIngested)", "NrConsumption", "", fortyDaysAgo))
			.get(0)
			.get("sum.GigabytesIngested")).asInstanceOf(InstanceOfAssertFactories.DOUBLE).isPositive();
	}

	@Test
	void onDataPlusApmEventsAreKept98DaysAndMetrics120() {
		// given the demo's organisation, on Data Plus
		SandboxBilling billing = SandboxBilling.of(DEMO);

		// then APM events, traces and browser events are there 97 days back, last
		// month's whole, and gone 99 days back; raw metrics 119 and 121 days back
		for (String type : List.of("Transaction", "Span", "PageView")) {
			assertThat(apps(billing, type, YESTERDAY.minusDays(96))).as("%s 97 days back", type).isNotEmpty();
			assertThat(apps(billing, type, YESTERDAY.minusDays(98))).as("%s 99 days back", type).isEmpty();
		}
		assertThat(apps(billing, "Transaction", LocalDate.of(2026, 10, 1))).isNotEmpty();
		assertThat(apps(billing, "Metric", YESTERDAY.minusDays(118))).isNotEmpty();
		assertThat(apps(billing, "Metric", YESTERDAY.minusDays(120))).isEmpty();
	}

}
