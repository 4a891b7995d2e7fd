package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.apmreports.formula.Change;
import io.apmreports.staging.ComparisonRow;

/**
 * The worst movers of the comparison with the previous period, from its rows as staging
 * streams them.
 */
class RegressionsTests {

	private List<ComparisonRow> rows;

	@BeforeEach
	void compare() {
		rows = List.of(
				// Alpha: response time 100 -> 110 (+10%), web transaction time unchanged,
				// error rate 0.02 -> 0.04 (+100%), throughput halved (a drop in
				// throughput is no regression of this list)
				row("Alpha", "response_time_ms", 110, 100.0), row("Alpha", "web_transaction_time_ms", 100, 100.0),
				row("Alpha", "error_rate", 0.04, 0.02), row("Alpha", "throughput_rpm", 50, 100.0),
				// Beta: response time 100 -> 90 (better), web transaction time 100 -> 130
				// (+30%), errors from none (no percentage of zero, and worse)
				row("Beta", "response_time_ms", 90, 100.0), row("Beta", "web_transaction_time_ms", 130, 100.0),
				row("Beta", "error_rate", 0.01, 0.0), row("Beta", "throughput_rpm", 100, 100.0),
				// Gamma: nothing to compare with
				row("Gamma", "response_time_ms", 500, null), row("Gamma", "error_rate", 0.5, null));
	}

	@Test
	void theRegressionsAreTimesAndErrorsWorseByTenPercentOrMoreWorstFirst() {
		// when
		List<Overview.Mover> movers = regressions(5);

		// then errors from none have no percentage but are the first to look at
		assertThat(movers).extracting(Overview.Mover::applicationName, Overview.Mover::figure)
			.containsExactly(tuple("Beta", "Error rate"), tuple("Alpha", "Error rate"),
					tuple("Beta", "Web transaction time (ms)"), tuple("Alpha", "Response time (ms)"));
		assertThat(movers.get(0).change().percent()).isNull();
		assertThat(movers.get(1).worseningPct()).isCloseTo(100.0, within(1e-9));
		assertThat(movers.get(2).worseningPct()).isCloseTo(30.0, within(1e-9));
		assertThat(movers.get(3).worseningPct()).isCloseTo(10.0, within(1e-9));
		assertThat(movers.get(3).change().previous()).isEqualTo(100.0);
		assertThat(movers.get(3).change().current()).isEqualTo(110.0);
	}

	@Test
	void theListStopsAtItsLimit() {
		assertThat(regressions(2)).extracting(Overview.Mover::figure).containsExactly("Error rate", "Error rate");
	}

	private List<Overview.Mover> regressions(int limit) {
		Regressions regressions = new Regressions(limit);
		rows.forEach(regressions::accept);
		return regressions.worst();
	}

	private static ComparisonRow row(String application, String metric, double current, Double previous) {
		Change change = new Change(current, previous);
		return new ComparisonRow(1, application, metric, current, previous, change.difference(), change.percent());
	}

}
