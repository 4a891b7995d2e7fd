package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import org.junit.jupiter.api.Test;

import io.apmreports.formula.AccountFigures;
import io.apmreports.staging.ApplicationPeriods;
import io.apmreports.staging.PeriodFigures;

/** How the overview names the account's and the busiest applications' figures. */
class OverviewTests {

	@Test
	void theHeadlinesNameTheAccountsFiguresNowAndInThePreviousPeriod() {
		// given Alpha (1,000 calls at 101 rpm, 103 ms, Apdex 0.9, no error rate) had 500
		// calls at 51 rpm, 53 ms, Apdex 0.8 and an error rate of 1% before
		AccountFigures now = new AccountFigures();
		AccountFigures before = new AccountFigures();
		new PeriodFigures(1000.0, 101.0, 103.0, 0.9, null).addTo(now);
		new PeriodFigures(500.0, 51.0, 53.0, 0.8, 0.01).addTo(before);

		// when
		var headlines = Overview.headlines(5, now, before);

		// then
		assertThat(headlines).extracting(Overview.Headline::name, h -> h.change().current(), h -> h.change().previous())
			.containsExactly(tuple("Applications", 5.0, null), tuple("Calls", 1000.0, 500.0),
					tuple("Web throughput (rpm)", 101.0, 51.0), tuple("Response time (ms)", 103.0, 53.0),
					tuple("Apdex score", 0.9, 0.8), tuple("Error rate", null, 0.01));
	}

	@Test
	void aBusyApplicationHasEachFigureBesideItsPreviousValue() {
		// given
		ApplicationPeriods alpha = new ApplicationPeriods("Alpha", "ok",
				new PeriodFigures(1000.0, 101.0, 103.0, 0.9, 0.02), new PeriodFigures(500.0, 51.0, 53.0, 0.8, 0.01));

		// when
		Overview.Busy busy = Overview.busy(alpha, null);

		// then calls doubled: +100%; each figure keeps its own pair
		assertThat(busy.applicationName()).isEqualTo("Alpha");
		assertThat(busy.calls().percent()).isEqualTo(100.0);
		assertThat(busy.throughputRpm().previous()).isEqualTo(51.0);
		assertThat(busy.responseTimeMs().current()).isEqualTo(103.0);
		assertThat(busy.errorRate().current()).isEqualTo(0.02);
		assertThat(busy.apdexScore().previous()).isEqualTo(0.8);
		assertThat(busy.status()).isEqualTo("ok");
	}

}
