package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ByteEstimatesTests {

	private static final long PARENT = SandboxOptions.DEMO_ACCOUNT_ID;

	/** The day before the tests' clock (2026-11-28T23:30Z), within every retention. */
	private static final LocalDate YESTERDAY = LocalDate.of(2026, 11, 27);

	private static final SandboxBilling BILLING = SandboxBilling
		.of(SandboxOptions.demoOrganisation("user-key", "staging-key", "data-key"));

	static String day(String select, String types, String facet, LocalDate day) {
		return "SELECT " + select + " FROM " + types + (facet.isEmpty() ? "" : " FACET " + facet) + " SINCE "
				+ UsageEventsTests.millis(day) + " UNTIL " + UsageEventsTests.millis(day.plusDays(1)) + " LIMIT MAX";
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', textBlock = """
			ApmEventsBytes     | Transaction, TransactionError, TransactionTrace, SqlTrace, ErrorTrace
			TracingBytes       | Span, SpanEvent
			BrowserEventsBytes | PageAction, PageView, PageViewTiming, AjaxRequest, JavaScriptError
			MetricEventBytes   | Metric
			""")
	void eachApplicationsEstimateIsItsBilledBytesOverCountedAndTheEventsCarryTheWholeBill(String metric, String types) {
		// given a day's estimates per application and whole, as the cost report measures
		// them
		List<Map<String, Object>> apps = UsageEventsTests.ask(PARENT,
				day("bytecountestimate()", types, "appName", YESTERDAY));
		double whole = ((Number) UsageEventsTests.ask(PARENT, day("bytecountestimate()", types, "", YESTERDAY))
			.get(0)
			.get("bytecountestimate")).doubleValue();

		// then each application's estimate is the billing's, between 1.05 and 1.15 times
		// its events' billed bytes
		assertThat(apps).extracting(row -> row.get("appName"))
			.containsExactlyInAnyOrderElementsOf(BILLING.applications(PARENT, metric));
		double sumOfApps = 0;
		for (Map<String, Object> row : apps) {
			String app = (String) row.get("appName");
			double estimate = ((Number) row.get("bytecountestimate")).doubleValue();
			long billed = BILLING.eventBytes(PARENT, metric, app, YESTERDAY);
			assertThat(estimate).isCloseTo(BILLING.estimatedBytes(PARENT, metric, app, YESTERDAY), within(1e-3))
				.isBetween(1.05 * billed, 1.15 * billed);
			sumOfApps += estimate;
		}
		// and the events, those without an application too, carry exactly the day's bill
		long events = BILLING.eventBytes(PARENT, metric, null, YESTERDAY);
		for (String app : BILLING.applications(PARENT, metric)) {
			events += BILLING.eventBytes(PARENT, metric, app, YESTERDAY);
		}
		assertThat(events / 1e9).isCloseTo(BILLING.ownGigabytes(PARENT, metric, YESTERDAY), within(1e-12));
		assertThat(whole).isCloseTo(BILLING.wholeEstimate(PARENT, metric, YESTERDAY), within(1e-3))
			.isGreaterThanOrEqualTo(sumOfApps - 1e-3);
	}

	@Test
	void metricEventsWithoutAnApplicationMakeTheWholeEstimateLargerThanTheApplications() {
		// given the day's Metric estimates
		double whole = BILLING.wholeEstimate(PARENT, "MetricEventBytes", YESTERDAY);
		double apps = 0;
		for (String app : BILLING.applications(PARENT, "MetricEventBytes")) {
			apps += BILLING.estimatedBytes(PARENT, "MetricEventBytes", app, YESTERDAY);
		}

		// then the integrations' metrics, without an application, are the difference
		assertThat(BILLING.eventBytes(PARENT, "MetricEventBytes", null, YESTERDAY)).isPositive();
		assertThat(whole).isGreaterThan(apps);
	}

	@Test
	void theDataAccountHasNoApplicationToEstimate() {
		// given the data account, which sends integration metrics but has no application
		List<Map<String, Object>> apps = UsageEventsTests.ask(SandboxOptions.DEMO_DATA_ACCOUNT_ID,
				day("bytecountestimate()", "Metric", "appName", YESTERDAY));

		// then no application is estimated, while the whole estimate is not nothing
		assertThat(apps).isEmpty();
		assertThat(BILLING.wholeEstimate(SandboxOptions.DEMO_DATA_ACCOUNT_ID, "MetricEventBytes", YESTERDAY))
			.isPositive();
	}

}
