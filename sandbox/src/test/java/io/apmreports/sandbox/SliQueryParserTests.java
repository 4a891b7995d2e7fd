package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.ZoneId;

import org.junit.jupiter.api.Test;

class SliQueryParserTests {

	private static final String GUID = "MTIzNDU2N3xFWFR8U0VSVklDRV9MRVZFTHwxMDAwMQ==";

	@Test
	void theVendorsIndicatorQueryIsReadWithItsAliasConditionAndUntil() {
		// given the indicator query as the vendor writes it in resultQueries
		String nrql = "SELECT clamp_max(sum(newrelic.sli.good) / sum(newrelic.sli.valid) * 100, 100) AS 'SLI' "
				+ "FROM Metric WHERE entity.guid = '" + GUID + "' UNTIL 2 minutes AGO";

		// when it is parsed
		SliQuery query = (SliQuery) NrqlStatement.parse(nrql);

		// then it has one column named SLI, one condition and UNTIL two minutes ago
		assertThat(query.select()).extracting(SliQuery.Select::name).containsExactly("SLI");
		assertThat(query.where()).singleElement()
			.satisfies(c -> assertThat(c.attribute()).isEqualTo("entity.guid"))
			.satisfies(c -> assertThat(c.values()).containsExactly(GUID));
		assertThat(query.until().minutesAgo()).isEqualTo(2);
		assertThat(query.since()).isNull();
	}

	@Test
	void theFaqsCountFormFromFirstWithTimeseriesIsRefusedButWithoutItIsRead() {
		// given the FAQ's valid-minus-bad query, FROM first
		String nrql = "FROM Metric SELECT clamp_max((count(newrelic.sli.valid) - count(newrelic.sli.bad)) / "
				+ "count(newrelic.sli.valid) * 100, 100) as 'SLI attainment' WHERE sli.id = '10001' UNTIL 2 MINUTES AGO";

		// when it is parsed as written and with TIMESERIES AUTO
		SliQuery query = (SliQuery) NrqlStatement.parse(nrql);

		// then it reads; TIMESERIES is refused naming itself
		assertThat(query.select()).extracting(SliQuery.Select::name).containsExactly("SLI attainment");
		assertThatThrownBy(() -> NrqlStatement.parse(nrql + " TIMESERIES AUTO")).isInstanceOf(NrqlException.class)
			.hasMessageContaining("TIMESERIES");
	}

	@Test
	void quotedDatesAreReadInTheQueryZoneUnlessTheyCarryAnOffset() {
		// given a month in Berlin, once by zone and once by offset
		String byZone = "SELECT sum(newrelic.sli.good) FROM Metric SINCE '2026-07-01 00:00:00' UNTIL '2026-08-01' "
				+ "WITH TIMEZONE 'Europe/Berlin' FACET monthOf(timestamp) LIMIT MAX";
		String byOffset = "SELECT sum(newrelic.sli.good) FROM Metric SINCE '2026-07-01 00:00:00+02:00' "
				+ "UNTIL 1785535200000";

		// when both are parsed
		SliQuery zoned = (SliQuery) NrqlStatement.parse(byZone);
		SliQuery offset = (SliQuery) NrqlStatement.parse(byOffset);

		// then both start at the same instant, midnight in Berlin
		long midnight = Instant.parse("2026-06-30T22:00:00Z").toEpochMilli();
		assertThat(zoned.since().epochMillis()).isEqualTo(midnight);
		assertThat(offset.since().epochMillis()).isEqualTo(midnight);
		assertThat(zoned.until().epochMillis()).isEqualTo(Instant.parse("2026-07-31T22:00:00Z").toEpochMilli());
		assertThat(zoned.zone()).isEqualTo(ZoneId.of("Europe/Berlin"));
		assertThat(zoned.facets()).containsExactly(EventQuery.MONTH_OF);
		assertThat(zoned.limit()).isEqualTo(-1);
	}

	@Test
	void whatTheVendorRefusesIsRefusedNamingIt() {
		// given queries mixing metric kinds, naming an unknown zone, function or
		// attribute
		// when each is parsed then each is refused with what was wrong
		assertThatThrownBy(() -> NrqlStatement
			.parse("SELECT sum(newrelic.sli.good) / count(newrelic.timeslice.value) FROM Metric"))
			.hasMessageContaining("timeslice metrics cannot be mixed with dimensional metrics");
		assertThatThrownBy(
				() -> NrqlStatement.parse("SELECT sum(newrelic.sli.good) FROM Metric WITH TIMEZONE 'Mars/Olympus'"))
			.hasMessageContaining("'Mars/Olympus'")
			.hasMessageContaining("not a known time zone");
		assertThatThrownBy(() -> NrqlStatement.parse("SELECT median(newrelic.sli.good) FROM Metric"))
			.hasMessageContaining("'median'");
		assertThatThrownBy(() -> NrqlStatement.parse("SELECT sum(newrelic.sli.good) FROM Metric WHERE appId = 1"))
			.hasMessageContaining("'appId'");
		assertThatThrownBy(() -> NrqlStatement.parse("SELECT sum(newrelic.sli.good) FROM Metric SINCE 'July'"))
			.hasMessageContaining("the date 'July'");
	}

	@Test
	void arithmeticKeepsItsPrecedence() {
		// given 1 + 2 * 3 - 4 / 2 beside an aggregate
		SliQuery query = (SliQuery) NrqlStatement.parse(
				"SELECT 1 + 2 * 3 - 4 / 2 + 0 * count(newrelic.sli.valid) AS n, clamp_min(-5, 0) AS m FROM Metric WHERE sli.id IN ('1', '2') "
						+ "AND sli.guid = 'x' SINCE 3 days ago UNTIL NOW");

		// when the constants are evaluated over no events
		SliQuery.Sums none = new SliQuery.Sums(new long[3], 0);

		// then they follow the usual precedence
		assertThat(query.select().get(0).expression().value(none)).isEqualTo(5.0);
		assertThat(query.select().get(1).expression().value(none)).isEqualTo(0.0);
		assertThat(query.since().minutesAgo()).isEqualTo(3 * 1440);
		assertThat(query.until().minutesAgo()).isZero();
	}

}
