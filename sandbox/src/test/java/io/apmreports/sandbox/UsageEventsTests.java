package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class UsageEventsTests {

	private static final Instant NOW = Instant.parse("2026-11-28T23:30:00Z");

	private static final SandboxBilling BILLING = SandboxBilling
		.of(SandboxOptions.demoOrganisation("user-key", "staging-key", "data-key"));

	private static final long PARENT = SandboxOptions.DEMO_ACCOUNT_ID;

	private static final long STAGING = SandboxOptions.DEMO_STAGING_ACCOUNT_ID;

	private static final long DATA = SandboxOptions.DEMO_DATA_ACCOUNT_ID;

	private static final YearMonth OCTOBER = YearMonth.of(2026, 10);

	static List<Map<String, Object>> ask(long account, String nrql) {
		return ask(BILLING, account, nrql);
	}

	/** Asks {@code nrql} of an account of {@code billing}'s organisation at the clock. */
	static List<Map<String, Object>> ask(SandboxBilling billing, long account, String nrql) {
		EventEvaluator evaluator = new EventEvaluator(new UsageEvents(billing, account), NerdGraphLimits.MAX_FACETS,
				NrqlShapes.service(), () -> {
				});
		return evaluator.run((EventQuery) NrqlStatement.parse(nrql), NOW.toEpochMilli());
	}

	static long millis(LocalDate day) {
		return day.atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
	}

	private static Instant start(YearMonth month) {
		return month.atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
	}

	private static Map<List<Object>, Double> byFacet(List<Map<String, Object>> rows, String column) {
		Map<List<Object>, Double> values = new HashMap<>();
		for (Map<String, Object> row : rows) {
			values.put((List<Object>) row.get("facet"), ((Number) row.get(column)).doubleValue());
		}
		return values;
	}

	@Test
	void theOrganisationIsTheDemosParentWithItsTwoChildren() {
		// given the demo's organisation, then production is the parent of staging and
		// data, and the data account ingests without any APM application
		assertThat(BILLING.parentId()).isEqualTo(PARENT);
		assertThat(BILLING.childIds()).containsExactly(STAGING, DATA);
		assertThat(BILLING.accountName(DATA)).isEqualTo("Demo data");
		assertThat(BILLING.usageMetrics(DATA)).contains("LoggingBytes", "InfraHostBytes", "CustomEventBytes")
			.doesNotContain("ApmEventsBytes");
		assertThat(BILLING.usageMetrics(STAGING)).contains("ApmEventsBytes").doesNotContain("CustomEventBytes");
	}

	@Test
	void askedInTheParentItsOwnRowHoldsItsChildrensIngestAndEachChildHasItsOwn() {
		// given the month's ingest asked in the parent, as the cost report asks it
		List<Map<String, Object>> rows = ask(PARENT, "FROM NrConsumption SELECT sum(GigabytesIngested) WHERE "
				+ "productLine = 'DataPlatform' FACET consumingAccountId, consumingAccountName, usageMetric SINCE "
				+ start(OCTOBER).toEpochMilli() + " UNTIL " + start(OCTOBER.plusMonths(1)).toEpochMilli()
				+ " LIMIT MAX");

		// then the parent's row of each metric is its own plus its children's, and each
		// child's row is its own
		Map<List<Object>, Double> gigabytes = byFacet(rows, "sum.GigabytesIngested");
		Instant from = start(OCTOBER);
		Instant to = start(OCTOBER.plusMonths(1));
		for (String metric : BILLING.organisationUsageMetrics()) {
			double all = 0;
			for (long account : BILLING.accountIds()) {
				all += BILLING.usageMetrics(account).contains(metric) ? BILLING.ownGigabytes(account, metric, from, to)
						: 0;
			}
			assertThat(gigabytes.get(List.of("1234567", "Demo production", metric))).isCloseTo(all, within(1e-9));
			assertThat(BILLING.reportedGigabytes(PARENT, PARENT, metric, from, to)).isCloseTo(all, within(1e-9));
		}
		double stagingLogs = BILLING.ownGigabytes(STAGING, "LoggingBytes", from, to);
		assertThat(gigabytes.get(List.of("7654321", "Demo staging", "LoggingBytes"))).isCloseTo(stagingLogs,
				within(1e-9));
		double parentLogs = gigabytes.get(List.of("1234567", "Demo production", "LoggingBytes"));
		double ownLogs = parentLogs - stagingLogs - gigabytes.get(List.of("2468013", "Demo data", "LoggingBytes"));
		assertThat(ownLogs).isCloseTo(BILLING.ownGigabytes(PARENT, "LoggingBytes", from, to), within(1e-9))
			.isLessThan(parentLogs);
		// a metric only a child sends still has the parent's row, of the child's bytes
		assertThat(gigabytes).containsKey(List.of("2468013", "Demo data", "CustomEventBytes"));
	}

	@Test
	void askedInAChildTheUsageEventsAreItsOwnOnly() {
		// given the month's ingest asked in the staging account
		List<Map<String, Object>> rows = ask(STAGING, "SELECT sum(GigabytesIngested) FROM NrConsumption FACET "
				+ "consumingAccountId, usageMetric SINCE '2026-10-01' UNTIL '2026-11-01' LIMIT MAX");

		// then every row is its own
		assertThat(rows).isNotEmpty()
			.allSatisfy(row -> assertThat(((List<?>) row.get("facet")).get(0)).isEqualTo("7654321"));
	}

}
