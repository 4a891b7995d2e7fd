package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

class ResultQueryTests {

	private static final String WINDOW = "SINCE 1782864000000 UNTIL 1785542400000";

	@Test
	void theVendorsIndicatorQueryLosesItsUntilAndAliasAndTakesTheMonths() {
		// given the indicator query as the vendor writes it
		ResultQuery query = ResultQuery
			.parse("SELECT clamp_max(sum(newrelic.sli.good) / sum(newrelic.sli.valid) * 100, 100) AS 'SLI' "
					+ "FROM Metric WHERE entity.guid = 'MXxFWFR8U0VSVklDRV9MRVZFTHwx' UNTIL 2 minutes AGO");

		// when it is asked over a month
		String text = ServiceLevelQueries.single(query, "attainment", WINDOW);

		// then only the month's bounds remain, under the source's own column name
		assertThat(text).isEqualTo("SELECT clamp_max(sum(newrelic.sli.good) / sum(newrelic.sli.valid) * 100, 100) "
				+ "AS 'attainment' FROM Metric WHERE entity.guid = 'MXxFWFR8U0VSVklDRV9MRVZFTHwx' " + WINDOW);
	}

	@Test
	void everyTimeClauseIsLeftOutInEitherOrderButWordsInQuotesAndParenthesesStay() {
		// given the FAQ's query FROM first with TIMESERIES, a comparison, a zone and a
		// limit, and a condition whose quoted value holds clause words
		ResultQuery query = ResultQuery
			.parse("FROM Metric SELECT clamp_max((count(newrelic.sli.valid) - count(newrelic.sli.bad)) / "
					+ "count(newrelic.sli.valid) * 100, 100) as 'SLI attainment', count(newrelic.sli.valid) "
					+ "WHERE sli.id = 'since until' SINCE 1 week ago UNTIL 2 MINUTES AGO TIMESERIES AUTO "
					+ "COMPARE WITH 1 week ago WITH TIMEZONE 'Europe/Berlin' LIMIT 5 FACET sli.id");

		// when it is read
		// then SELECT's first item without its alias, FROM and WHERE are kept alone
		assertThat(query.select()).isEqualTo("clamp_max((count(newrelic.sli.valid) - count(newrelic.sli.bad)) / "
				+ "count(newrelic.sli.valid) * 100, 100)");
		assertThat(query.from()).isEqualTo("Metric");
		assertThat(query.where()).isEqualTo("sli.id = 'since until'");
	}

	@Test
	void threeQueriesOfTheSameEventsAreAskedAsOneWithAColumnEach() {
		// given the three result queries the vendor writes for one level
		String where = " FROM Metric WHERE entity.guid = 'g'";
		ResultQuery indicator = ResultQuery
			.parse("SELECT clamp_max(sum(newrelic.sli.good) / sum(newrelic.sli.valid) * 100, 100) AS 'SLI'" + where
					+ " UNTIL 2 minutes AGO");
		ResultQuery good = ResultQuery.parse("SELECT sum(newrelic.sli.good)" + where);
		ResultQuery valid = ResultQuery.parse("SELECT sum(newrelic.sli.valid) AS `v`" + where.replace("  ", " "));

		// when they are combined over a month
		// then they read the same events and make one query
		assertThat(indicator.sameEvents(good)).isTrue();
		assertThat(indicator.sameEvents(valid)).isTrue();
		assertThat(indicator.sameEvents(ResultQuery.parse("SELECT sum(newrelic.sli.good) FROM Metric"))).isFalse();
		assertThat(ServiceLevelQueries.combined(indicator, good, valid, WINDOW))
			.isEqualTo("SELECT clamp_max(sum(newrelic.sli.good) / sum(newrelic.sli.valid) * 100, 100) AS "
					+ "'attainment', sum(newrelic.sli.good) AS 'good', sum(newrelic.sli.valid) AS 'valid'" + where + " "
					+ WINDOW);
	}

	@Test
	void aQueryWithoutSelectOrFromIsRefused() {
		// given text that is no query, when it is read, then it is refused
		assertThatIllegalArgumentException().isThrownBy(() -> ResultQuery.parse("entity.guid = 'g'"));
	}

}
