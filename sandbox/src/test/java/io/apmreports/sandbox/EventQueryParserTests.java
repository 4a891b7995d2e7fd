package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EventQueryParserTests {

	@Test
	void theCostReportsUsageQueryIsReadInEitherOrder() {
		// given the usage query the cost report sends, FROM first, and the same SELECT
		// first
		String clauses = " WHERE productLine = 'DataPlatform' AND usageMetric IN ('ApmEventsBytes', 'LoggingBytes') "
				+ "FACET consumingAccountId, consumingAccountName, usageMetric SINCE 1790812800000 UNTIL "
				+ "1793491200000 LIMIT MAX";
		Object fromFirst = NrqlStatement.parse("FROM NrConsumption SELECT sum(GigabytesIngested)" + clauses);
		Object selectFirst = NrqlStatement.parse("SELECT sum(GigabytesIngested) FROM NrConsumption" + clauses);

		// then both read the same
		assertThat(fromFirst).isEqualTo(selectFirst).isInstanceOf(EventQuery.class);
		EventQuery query = (EventQuery) fromFirst;
		assertThat(query.eventTypes()).containsExactly("NrConsumption");
		assertThat(query.select()).containsExactly(
				new EventQuery.Select(EventQuery.Function.SUM, "GigabytesIngested", "sum.GigabytesIngested"));
		assertThat(query.where()).containsExactly(
				new NrqlCondition("productLine", NrqlCondition.Operator.EQUALS, List.of("DataPlatform")),
				new NrqlCondition("usageMetric", NrqlCondition.Operator.IN, List.of("ApmEventsBytes", "LoggingBytes")));
		assertThat(query.facets()).containsExactly("consumingAccountId", "consumingAccountName", "usageMetric");
		assertThat(query.since().epochMillis()).isEqualTo(1_790_812_800_000L);
		assertThat(query.limit()).isEqualTo(-1);
	}

	@Test
	void severalEventTypesAliasesMonthFacetsAndQuotedDatesAreRead() {
		// given a byte count over several types with an alias, and a month facet over
		// quoted dates
		EventQuery estimate = (EventQuery) NrqlStatement
			.parse("SELECT bytecountestimate() AS bytes FROM Transaction, TransactionError, Span FACET appName");
		EventQuery months = (EventQuery) NrqlStatement.parse("FROM NrMTDConsumption SELECT latest(freeLimit) "
				+ "FACET monthOf(timestamp) SINCE '2026-10-01' UNTIL '2026-11-01 12:30' LIMIT 20");

		// then each part is read, the dates as UTC
		assertThat(estimate.eventTypes()).containsExactly("Transaction", "TransactionError", "Span");
		assertThat(estimate.select())
			.containsExactly(new EventQuery.Select(EventQuery.Function.BYTE_COUNT_ESTIMATE, null, "bytes"));
		assertThat(months.select())
			.containsExactly(new EventQuery.Select(EventQuery.Function.LATEST, "freeLimit", "latest.freeLimit"));
		assertThat(months.facets()).containsExactly(EventQuery.MONTH_OF);
		assertThat(months.since().epochMillis()).isEqualTo(Instant.parse("2026-10-01T00:00:00Z").toEpochMilli());
		assertThat(months.until().epochMillis()).isEqualTo(Instant.parse("2026-11-01T12:30:00Z").toEpochMilli());
		assertThat(months.limit()).isEqualTo(20);
	}

	@Test
	void aTimesliceQueryStaysATimesliceQueryInEitherOrderButAByteCountOfMetricIsOverEvents() {
		// given the figures query FROM first, and a byte count of Metric events
		Object figures = NrqlStatement
			.parse("FROM Metric SELECT count(newrelic.timeslice.value) AS calls WHERE appId IN (1001) FACET appId");
		Object bytes = NrqlStatement.parse("FROM Metric SELECT bytecountestimate() FACET appName SINCE 1 day ago");

		// then the first goes to the timeslice parser, its alias kept; the second to
		// events
		assertThat(figures).isInstanceOf(NrqlQuery.class);
		assertThat(((NrqlQuery) figures).select().get(0).name()).isEqualTo("calls");
		assertThat(bytes).isInstanceOf(EventQuery.class);
		assertThat(((EventQuery) bytes).since().minutesAgo()).isEqualTo(1440);
		assertThat(((EventQuery) NrqlStatement
			.parse("FROM NrConsumption SELECT sum(GigabytesIngested) SINCE 12 " + "months ago")).since().minutesAgo())
			.as("the vendor's month is 30 days")
			.isEqualTo(12 * 30 * 1440);
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', textBlock = """
			SELECT count(*) FROM NrConsumption                                          | count
			SELECT average(GigabytesIngested) FROM NrConsumption                        | average
			FROM Log SELECT bytecountestimate()                                         | Log
			FROM NrConsumption SELECT sum(GigabytesIngested) FACET dateOf(timestamp)    | dateOf
			FROM NrConsumption SELECT sum(GigabytesIngested) WHERE usageMetric != 'x'   | '!'
			FROM NrConsumption SELECT sum(GigabytesIngested) WHERE usageMetric LIKE 'x' | LIKE
			FROM NrConsumption SELECT sum(GigabytesIngested) WHERE a = 'x' OR b = 'y'   | OR
			FROM NrConsumption SELECT sum(GigabytesIngested) TIMESERIES 1 day           | TIMESERIES
			FROM NrConsumption SELECT sum(GigabytesIngested) SINCE 3 fortnights ago      | fortnights
			FROM NrConsumption SELECT sum(GigabytesIngested) SINCE 'last month'          | last month
			FROM NrConsumption SELECT sum(GigabytesIngested) SINCE 1 SINCE 2             | twice
			FROM NrConsumption SELECT sum(GigabytesIngested) LIMIT 5001                  | 5001
			FROM NrConsumption SELECT sum(GigabytesIngested) * 0.4                       | *
			FROM Metric SELECT bytecountestimate()/10e8                                  | /
			FROM NrConsumption WHERE productLine = 'DataPlatform'                       | SELECT
			SELECT sum(GigabytesIngested) FROM NrConsumption WITH TIMEZONE 'UTC'         | WITH
			FROM NrConsumption SELECT sum(GigabytesIngested) FACET a, b, c, d, e, f      | at most 5 attributes, not 6
			""")
	void queriesOutsideTheSubsetAreRefusedNamingWhatWasNotUnderstood(String nrql, String named) {
		// given a query over events outside the subset when it is parsed then it is
		// refused with a message that names the part
		assertThatThrownBy(() -> NrqlStatement.parse(nrql)).isInstanceOf(NrqlException.class)
			.hasMessageContaining(named.replace("'", ""));
	}

}
