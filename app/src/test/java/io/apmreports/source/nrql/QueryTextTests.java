package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.range.TimeRange;

/** The NRQL text the source sends, and the slices its series ask for. */
class QueryTextTests {

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	@Test
	void aFiguresQueryIsTheContractsWithTheRangeInEpochMilliseconds() {
		String nrql = Nrql.query(Nrql.TIMING,
				List.of(Nrql.applications(List.of(1L, 2L)), Nrql.names(List.of("HttpDispatcher", "Errors/all"))),
				List.of("appId", "metricTimesliceName"), Nrql.window(WEEK), 5000);

		// 2026-11-08T23:00Z is 1794178800 epoch seconds; a week later 1794783600
		assertThat(nrql).isEqualTo("SELECT count(newrelic.timeslice.value) AS calls, "
				+ "average(newrelic.timeslice.value) AS average, rate(count(newrelic.timeslice.value), 1 minute) AS rate "
				+ "FROM Metric WHERE appId IN (1, 2) AND metricTimesliceName IN ('HttpDispatcher', 'Errors/all') "
				+ "FACET appId, metricTimesliceName SINCE 1794178800000 UNTIL 1794783600000 LIMIT MAX");
	}

	@Test
	void aSmallerFacetLimitIsSentAsANumberAndOneNameAsEquality() {
		String nrql = Nrql.query(Nrql.APDEX, List.of(Nrql.names(List.of("Apdex"))), List.of("appId"), "SINCE 1", 25);

		assertThat(nrql).endsWith("WHERE metricTimesliceName = 'Apdex' FACET appId SINCE 1 LIMIT 25");
	}

	@Test
	void quotesInANameAreEscaped() {
		assertThat(Nrql.quoted("it's a\\b")).isEqualTo("'it\\'s a\\\\b'");
	}

	@Test
	void aWeekIsAskedInHourlyBuckets() {
		assertThat(ChunkTrends.timeseries(WEEK)).isEqualTo("TIMESERIES 60 minutes");
	}

	@Test
	void aSeriesQueryHoldsItsFacetsUnderTheLimitWhateverItsBuckets() {
		// two names an application; 2,500 would be 5,000 facets, an answer that cannot
		// be told from a cut one
		TimeRange twoMinutes = TimeRange.parse("2026-11-09T00:00:00Z", "2026-11-09T00:02:00Z");

		assertThat(ChunkTrends.applicationsPerQuery(twoMinutes, 5000)).isEqualTo(2499);
		assertThat(ChunkTrends.applicationsPerQuery(twoMinutes, 50)).isEqualTo(24);
		assertThat(ChunkTrends.applicationsPerQuery(WEEK, 50)).isEqualTo(24);
		assertThat(ChunkTrends.applicationsPerQuery(twoMinutes, 2)).isOne();
	}

	@Test
	void aSeriesAnswerHoldsAtMostTenThousandRows() {
		// a week: 168 hourly buckets by two names, 336 rows an application; 30 would be
		// 10,080 rows
		assertThat(ChunkTrends.applicationsPerQuery(WEEK, 5000)).isEqualTo(29);
	}

	@Test
	void keyTransactionMetricsFollowTheirTransaction() {
		assertThat(KeyTransactionQuery.apdexName("WebTransaction/SpringController/Cart/show"))
			.isEqualTo("Apdex/SpringController/Cart/show");
		assertThat(KeyTransactionQuery.errorsName("WebTransaction/SpringController/Cart/show"))
			.isEqualTo("Errors/WebTransaction/SpringController/Cart/show");
	}

	@Test
	void aGuidEndsWithItsId() {
		String guid = Base64.getEncoder()
			.encodeToString("1234567|APM|KEY_TRANSACTION|77".getBytes(StandardCharsets.UTF_8));

		assertThat(Entity.idOf(guid)).isEqualTo(77L);
	}

}
