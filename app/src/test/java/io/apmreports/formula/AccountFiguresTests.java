package io.apmreports.formula;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class AccountFiguresTests {

	@Test
	void sumsCallsAndThroughputAndWeighsTimesByWebCalls() {
		// given two applications: 300 rpm at 100 ms, Apdex 0.9; 100 rpm at 500 ms, Apdex
		// 0.5
		AccountFigures account = new AccountFigures();
		account.add(4_000.0, 300.0, 100.0, 0.9, 0.01);
		account.add(1_000.0, 100.0, 500.0, 0.5, 0.10);

		// then calls 5,000, throughput 400 rpm
		assertThat(account.calls()).isEqualTo(5_000.0);
		assertThat(account.webThroughputRpm()).isEqualTo(400.0);
		// (100 x 300 + 500 x 100) / 400 = 80,000 / 400 = 200 ms
		assertThat(account.responseTimeMs()).isCloseTo(200.0, within(1e-12));
		// (0.9 x 300 + 0.5 x 100) / 400 = 320 / 400 = 0.8
		assertThat(account.apdexScore()).isCloseTo(0.8, within(1e-12));
		// errors 40 + 100 over 5,000 calls = 0.028
		assertThat(account.errorRate()).isCloseTo(0.028, within(1e-12));
	}

	@Test
	void anAbsentFigureAddsNothingAndNoneAtAllIsAbsent() {
		// given a web application and a worker without web calls, response time or Apdex
		AccountFigures account = new AccountFigures();
		account.add(6_000.0, 200.0, 250.0, null, null);
		account.add(2_000.0, null, null, null, 0.5);

		// then the worker's calls count, its absent times do not pull the mean to 0
		assertThat(account.calls()).isEqualTo(8_000.0);
		assertThat(account.webThroughputRpm()).isEqualTo(200.0);
		assertThat(account.responseTimeMs()).isEqualTo(250.0);
		assertThat(account.apdexScore()).isNull();
		// only the worker's rate is known: 1,000 errors over its 2,000 calls
		assertThat(account.errorRate()).isEqualTo(0.5);
	}

	@Test
	void anAccountWithoutFiguresHasNoneRatherThanZeros() {
		// given an application that failed, and one without web calls
		AccountFigures account = new AccountFigures();
		account.add(null, null, null, null, null);
		account.add(0.0, 0.0, 120.0, 0.9, null);

		// then calls are 0, counted; the weighted figures have no weight and stay absent
		assertThat(account.calls()).isEqualTo(0.0);
		assertThat(account.webThroughputRpm()).isEqualTo(0.0);
		assertThat(account.responseTimeMs()).isNull();
		assertThat(account.apdexScore()).isNull();
		assertThat(account.errorRate()).isNull();
		assertThat(new AccountFigures().calls()).isNull();
	}

	@Test
	void nonFiniteInputsAreTreatedAsAbsent() {
		AccountFigures account = new AccountFigures();
		account.add(Double.NaN, 100.0, Double.POSITIVE_INFINITY, 0.7, 0.0);

		assertThat(account.calls()).isNull();
		assertThat(account.responseTimeMs()).isNull();
		assertThat(account.apdexScore()).isEqualTo(0.7);
	}

}
