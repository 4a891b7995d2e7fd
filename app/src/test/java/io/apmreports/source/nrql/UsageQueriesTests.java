package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.tuple;

import java.time.LocalDate;
import java.time.YearMonth;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.apmreports.source.AccountNotRead;
import io.apmreports.source.BilledIngest;
import io.apmreports.source.BilledMonth;
import io.apmreports.source.ByteEstimate;
import io.apmreports.source.IngestRule;
import io.apmreports.source.MonthlyIngest;

/**
 * The usage queries against a local server answering hand-made rows in each shape the
 * service may write them: facets named or in a list, numbers whole or decimal, months as
 * text.
 */
class UsageQueriesTests {

	private static final YearMonth OCTOBER = YearMonth.of(2026, 10);

	private final FakeNerdGraph server = new FakeNerdGraph();

	private final NerdGraphClient client = server.client(1);

	private final UsageQueries queries = new UsageQueries(client);

	@AfterEach
	void stop() {
		server.close();
	}

	@Test
	void theMonthsIngestIsAskedInTheParentOverTheUtcMonthAndReadInEitherFacetShape() {
		// given a row with its facets in a list and an integer, one with them named
		server.answer(request -> FakeNerdGraph
			.rows(List.of(Map.of("facet", List.of("1234567", "Production", "ApmEventsBytes"), "gigabytes", 100),
					Map.of("consumingAccountId", 7654321, "consumingAccountName", "Staging", "usageMetric",
							"LoggingBytes", "gigabytes", 2.5))));
		// when
		List<BilledIngest> ingest = queries.billedIngest(1234567, OCTOBER);
		// then
		assertThat(ingest).containsExactly(new BilledIngest(1234567, "Production", "ApmEventsBytes", 100),
				new BilledIngest(7654321, "Staging", "LoggingBytes", 2.5));
		// 2026-10-01T00:00Z is 1790812800000 ms, 2026-11-01T00:00Z 1793491200000
		assertThat(server.requests().get(0).nrql()).isEqualTo(
				"FROM NrConsumption SELECT sum(GigabytesIngested) AS gigabytes WHERE productLine = 'DataPlatform' "
						+ "FACET consumingAccountId, consumingAccountName, usageMetric SINCE 1790812800000 "
						+ "UNTIL 1793491200000 LIMIT MAX");
		assertThat(server.requests().get(0).variables().path("accountId").asLong()).isEqualTo(1234567);
	}

	@Test
	void theMonthsBillableFiguresAreReadAndWhatIsNotAnsweredIsAbsent() {
		// given the GB answered with aliases, users by the function's own column names,
		// core CCU answered, advanced CCU not
		server.answer(request -> {
			String nrql = request.nrql();
			if (nrql.contains("GigabytesIngestedBillable")) {
				return FakeNerdGraph.rows(List.of(Map.of("billable", 412.5, "freeLimit", 100)));
			}
			if (nrql.contains("UsersBillable")) {
				return FakeNerdGraph
					.rows(List.of(Map.of("latest.FullPlatformUsersBillable", 12, "latest.CoreUsersBillable", 3)));
			}
			if (nrql.contains("'CoreCCU'")) {
				return FakeNerdGraph.rows(List.of(Map.of("consumption", 1500.25)));
			}
			return FakeNerdGraph.rows(List.of());
		});
		// when
		BilledMonth month = queries.billedMonth(1234567, OCTOBER);
		// then
		assertThat(month.billableGigabytes()).isEqualTo(412.5);
		assertThat(month.freeLimitGigabytes()).isEqualTo(100.0);
		assertThat(month.users()).containsExactlyInAnyOrderEntriesOf(Map.of("full-platform", 12.0, "core", 3.0));
		assertThat(month.computeUnits()).containsExactlyInAnyOrderEntriesOf(Map.of("core", 1500.25));
	}

	@Test
	void theMonthsHistoryReadsMonthOfInItsTextShapes() {
		server.answer(request -> FakeNerdGraph
			.rows(List.of(Map.of("facet", List.of("September 2026", 1234567, "ApmEventsBytes"), "gigabytes", 90),
					Map.of("monthOf(timestamp)", "2026-10", "consumingAccountId", "7654321", "usageMetric",
							"TracingBytes", "sum.GigabytesIngested", 4.25))));
		List<MonthlyIngest> months = queries.monthlyIngest(1234567, YearMonth.of(2025, 11), OCTOBER);
		assertThat(months).containsExactly(new MonthlyIngest(YearMonth.of(2026, 9), 1234567, "ApmEventsBytes", 90),
				new MonthlyIngest(OCTOBER, 7654321, "TracingBytes", 4.25));
		assertThat(server.requests().get(0).nrql()).contains("FACET monthOf(timestamp), consumingAccountId")
			.contains("SINCE 1761955200000 UNTIL 1793491200000");
	}

	@Test
	void aDaysEstimatesArePerApplicationAndOfTheWholeRuleAskedInTheAccountMeasured() {
		// given per application: Checkout 600 bytes, one row with no application; whole
		// 1000
		server.answer(request -> request.nrql().contains("FACET")
				? FakeNerdGraph.rows(List.of(Map.of("appName", "Checkout", "bytes", 600),
						Map.of("facet", "Search", "bytecountestimate()", 300.5)))
				: FakeNerdGraph.rows(List.of(Map.of("bytes", 1000))));
		IngestRule rule = new IngestRule("ApmEventsBytes", List.of("Transaction", "TransactionError"), "appName");
		LocalDate day = LocalDate.of(2026, 10, 5);
		// when
		List<ByteEstimate> estimates = queries.byteEstimates(7654321, day, List.of(rule));
		// then
		assertThat(estimates).extracting(ByteEstimate::application, ByteEstimate::bytes)
			.containsExactly(tuple("Checkout", 600.0), tuple("Search", 300.5), tuple(null, 1000.0));
		assertThat(server.requests()).extracting(request -> request.variables().path("accountId").asLong())
			.containsOnly(7654321L);
		// 2026-10-05T00:00Z is 1791158400000 ms, a day later 1791244800000
		assertThat(server.requests().get(0).nrql())
			.isEqualTo("SELECT bytecountestimate() AS bytes FROM Transaction, TransactionError FACET appName "
					+ "SINCE 1791158400000 UNTIL 1791244800000 LIMIT MAX");
		assertThat(server.requests().get(1).nrql())
			.isEqualTo("SELECT bytecountestimate() AS bytes FROM Transaction, TransactionError "
					+ "SINCE 1791158400000 UNTIL 1791244800000");
	}

	@Test
	void anAccountTheKeyMayNotReadIsSaidSoWithoutTheKey() {
		server.answer(request -> FakeNerdGraph.error("FORBIDDEN", "not authorized for account"));
		assertThatExceptionOfType(AccountNotRead.class)
			.isThrownBy(() -> queries.byteEstimates(7654321, LocalDate.of(2026, 10, 5), IngestRule.DEFAULTS))
			.withMessageStartingWith("the key may not read account 7654321")
			.withMessageNotContaining(FakeNerdGraph.KEY)
			.satisfies(ex -> assertThat(ex.accountId()).isEqualTo(7654321));
	}

	@Test
	void aNumberThatIsNotOneIsRefusedNotTakenForNothing() {
		server.answer(request -> FakeNerdGraph
			.rows(List.of(Map.of("facet", List.of("1", "P", "ApmEventsBytes"), "gigabytes", "lots"))));
		assertThatExceptionOfType(NerdGraphException.Rejected.class).isThrownBy(() -> queries.billedIngest(1, OCTOBER))
			.withMessageContaining("the month's ingest: unreadable answer");
	}

}
