package io.apmreports.formula;

import static io.apmreports.formula.MetricFixtures.timing;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Map;

import org.junit.jupiter.api.Test;

class FormulasTests {

	@Test
	void perWebRequestWeighsComponentTimeByCallsPerWebRequest() {
		// given 200 datastore calls of 15 ms over 100 web requests
		MetricValues datastore = timing(15.0, 200, 20);

		// when
		Double perRequest = Formulas.perWebRequest(datastore, 100.0);

		// then (15 * 200) / 100 = 30 ms per web request
		assertThat(perRequest).isEqualTo(30.0);
	}

	@Test
	void perWebRequestIsAbsentWithoutWebCallsOrInputs() {
		MetricValues datastore = timing(15.0, 200, 20);

		assertThat(Formulas.perWebRequest(datastore, 0.0)).isNull();
		assertThat(Formulas.perWebRequest(datastore, null)).isNull();
		assertThat(Formulas.perWebRequest(null, 100.0)).isNull();
		assertThat(Formulas.perWebRequest(new MetricValues(Map.of(MetricValues.CALL_COUNT, 3.0)), 100.0)).isNull();
	}

	@Test
	void responseTimeAddsQueuingPerWebRequest() {
		// given 364 ms over 99,770 calls, and 99,770 queued calls of 12.5 ms
		MetricValues dispatcher = timing(364.0, 99_770, 6.6);
		MetricValues queue = timing(12.5, 99_770, 6.6);

		// when
		Double responseTime = Formulas.responseTime(dispatcher, queue);

		// then 364 + (99,770 * 12.5) / 99,770 = 376.5
		assertThat(responseTime).isCloseTo(376.5, within(1e-9));
	}

	@Test
	void responseTimeWeighsQueueByItsOwnCallCount() {
		// given only half of the requests were queued, 40 ms each
		MetricValues dispatcher = timing(100.0, 1_000, 1);
		MetricValues queue = timing(40.0, 500, 1);

		// then 100 + (500 * 40) / 1000 = 120
		assertThat(Formulas.responseTime(dispatcher, queue)).isCloseTo(120.0, within(1e-9));
	}

	@Test
	void responseTimeDropsAnAbsentQueueAndKeepsAZeroOne() {
		MetricValues dispatcher = timing(250.0, 10, 1);

		assertThat(Formulas.responseTime(dispatcher, null)).isEqualTo(250.0);
		assertThat(Formulas.responseTime(dispatcher, timing(0.0, 0, 0))).isEqualTo(250.0);
	}

	@Test
	void responseTimeIsAbsentWithoutWebCalls() {
		assertThat(Formulas.responseTime(timing(0.0, 0, 0), timing(5.0, 0, 0))).isNull();
		assertThat(Formulas.responseTime(null, timing(5.0, 10, 0))).isNull();
	}

	@Test
	void webTransactionTimePrefersWebTransactionTotalTimeAndFallsBackToHttpDispatcher() {
		MetricValues dispatcher = timing(200.0, 50, 5);

		assertThat(Formulas.webTransactionTime(timing(230.0, 50, 5), dispatcher)).isEqualTo(230.0);
		assertThat(Formulas.webTransactionTime(null, dispatcher)).isEqualTo(200.0);
		assertThat(Formulas.webTransactionTime(timing(230.0, 0, 0), timing(0.0, 0, 0))).isNull();
	}

	@Test
	void applicationTimeSubtractsPresentComponentsOnly() {
		// given 230 ms total, 30 datastore, absent database, 12.5 external, absent cache
		Double applicationTime = Formulas.applicationTime(230.0, 30.0, null, null, 12.5, null);

		// then 230 - 30 - 12.5 = 187.5
		assertThat(applicationTime).isEqualTo(187.5);
		assertThat(Formulas.applicationTime(null, 30.0)).isNull();
	}

	@Test
	void throughputIsRequestsPerMinuteOrAbsent() {
		assertThat(Formulas.throughput(timing(1.0, 10_080, 1.0))).isEqualTo(1.0);
		assertThat(Formulas.throughput(null)).isNull();
	}

	@Test
	void sumOfPresentIgnoresAbsentTermsAndIsAbsentWhenAllAre() {
		assertThat(Formulas.sumOfPresent(Arrays.asList(1.5, null, 2.0))).isEqualTo(3.5);
		assertThat(Formulas.sumOfPresent(Arrays.asList(null, null))).isNull();
	}

	@Test
	void errorRateDividesErrorsByWebAndNonWebCalls() {
		// 30 errors over 1,000 web and 500 non-web calls = 0.02
		assertThat(Formulas.errorRate(30.0, 1_000.0, 500.0)).isEqualTo(0.02);
		assertThat(Formulas.errorRate(30.0, 1_000.0, null)).isEqualTo(0.03);
		assertThat(Formulas.errorRate(null, 1_000.0, 500.0)).isNull();
		assertThat(Formulas.errorRate(0.0, 0.0, 0.0)).isNull();
	}

	@Test
	void apdexIsTheScoreOrComputedFromTheCounts() {
		assertThat(Formulas.apdexScore(new MetricValues(Map.of("score", 0.91)))).isEqualTo(0.91);
		// (80 + 10 / 2) / 100 = 0.85
		assertThat(Formulas.apdexScore(new MetricValues(Map.of("s", 80.0, "t", 10.0, "f", 10.0, "count", 100.0))))
			.isEqualTo(0.85);
		assertThat(Formulas.apdexScore(new MetricValues(Map.of("count", 0.0, "s", 0.0, "t", 0.0)))).isNull();
		assertThat(Formulas.apdexScore(null)).isNull();
	}

	@Test
	void aStoppedApdexMetricAnswersZerosAndItsScoreIsAbsent() {
		// given: what the service answers for an application that stopped reporting in
		// the range
		MetricValues zeros = new MetricValues(
				Map.of("s", 0.0, "t", 0.0, "f", 0.0, "count", 0.0, "score", 0.0, "threshold", 0.5));

		// when / then: no samples, no score; a real score of 0 over samples stays 0
		assertThat(Formulas.apdexScore(zeros)).isNull();
		assertThat(Formulas.apdexScore(new MetricValues(Map.of("f", 40.0, "count", 40.0, "score", 0.0))))
			.isEqualTo(0.0);
	}

	@Test
	void nonFiniteResultsAreAbsent() {
		MetricValues huge = timing(Double.MAX_VALUE, Double.MAX_VALUE, 1);

		assertThat(Formulas.perWebRequest(huge, 1.0)).isNull();
		assertThat(Formulas.throughput(new MetricValues(Map.of(MetricValues.REQUESTS_PER_MINUTE, Double.NaN))))
			.isNull();
	}

}
