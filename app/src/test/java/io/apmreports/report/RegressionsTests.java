package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.apmreports.definition.Thresholds;
import io.apmreports.formula.Change;
import io.apmreports.staging.ComparisonRow;

/**
 * The regressions of the comparison with the previous period, by the definition's
 * thresholds, from its rows as staging streams them (each application's throughput
 * first), ranked by impact.
 */
class RegressionsTests {

	private final List<ComparisonRow> rows = new ArrayList<>();

	@BeforeEach
	void compare() {
		// Big, 1,000 rpm: response time 100 -> 120 ms (+20%, +20 ms): impact 20 x 1,000
		application(1, "Big", 1000, row("response_time_ms", 120, 100.0));
		// Tiny, 9.5 rpm: response time 100 -> 269.7 ms (+169.7%): impact 169.7 x 9.5 =
		// 1,612.15
		application(2, "Tiny", 9.5, row("response_time_ms", 269.7, 100.0));
		// Steady, 500 rpm: errors 0.46% -> 0.51% (+10.9% of itself, but only +0.05 pp)
		application(3, "Steady", 500, row("error_rate", 0.0051, 0.0046));
		// Scored, 200 rpm: Apdex 0.90 -> 0.80 (-11.1%, -0.10): impact 11.11 x 200 =
		// 2,222.2
		application(4, "Scored", 200, row("apdex_score", 0.80, 0.90));
		// Fresh, 50 rpm: errors from none to 1% (+1 pp): impact 100 x 50 = 5,000
		application(5, "Fresh", 50, row("error_rate", 0.01, 0.0));
		// Idle, 0.5 rpm: response time tripled, under the minimum of traffic
		application(6, "Idle", 0.5, row("response_time_ms", 300, 100.0));
		// Quick, 100 rpm: response time 20 -> 24 ms (+20%, but only +4 ms)
		application(7, "Quick", 100, row("response_time_ms", 24, 20.0));
		// Faster, 100 rpm: response time better; nothing to compare for Apdex
		application(8, "Faster", 100, row("response_time_ms", 80, 100.0), row("apdex_score", 0.5, null));
	}

	@Test
	void regressionsPassEveryThresholdAndAreRankedByHowMuchWorseTimesTheirTraffic() {
		// when
		List<Overview.Mover> movers = regressions(Thresholds.DEFAULT);

		// then
		assertThat(movers).extracting(Overview.Mover::applicationName, Overview.Mover::figure)
			.containsExactly(tuple("Big", "Response time (ms)"), tuple("Fresh", "Error rate"),
					tuple("Scored", "Apdex score"), tuple("Tiny", "Response time (ms)"));
		assertThat(movers.get(0).worseningPct()).isCloseTo(20.0, within(1e-9));
		assertThat(movers.get(2).worseningPct()).isCloseTo(100.0 / 9, within(1e-9));
		assertThat(RegressionRule.impact(movers.get(3), 9.5)).isCloseTo(1612.15, within(1e-9));
	}

	@Test
	void theListStopsAtItsLimit() {
		assertThat(regressions(thresholds(10, 2))).extracting(Overview.Mover::applicationName)
			.containsExactly("Big", "Fresh");
	}

	@Test
	void theDefinitionsThresholdDecides() {
		// when a regression must be 25% worse: Big's +20% and Scored's -11.1% are not
		assertThat(regressions(thresholds(25, 5))).extracting(Overview.Mover::applicationName)
			.containsExactly("Fresh", "Tiny");
	}

	private static Thresholds thresholds(double regressionPct, int shown) {
		Thresholds d = Thresholds.DEFAULT;
		return new Thresholds(regressionPct, d.regressionMinMs(), d.regressionMinApdex(), d.regressionMinErrorPp(),
				d.regressionMinThroughputRpm(), shown, d.busiest(), d.lowApdex(), d.highErrorRate(), d.notablePct(),
				d.notablePp());
	}

	private List<Overview.Mover> regressions(Thresholds thresholds) {
		Regressions regressions = new Regressions(thresholds);
		rows.forEach(regressions::accept);
		return regressions.worst();
	}

	/** An application's rows as staging streams them: its throughput first. */
	private void application(long id, String name, double rpm, ComparisonRow... figures) {
		rows.add(new ComparisonRow(id, name, "throughput_rpm", rpm, rpm, 0.0, 0.0));
		for (ComparisonRow figure : figures) {
			rows.add(new ComparisonRow(id, name, figure.metric(), figure.current(), figure.previous(), figure.change(),
					figure.changePct()));
		}
	}

	private static ComparisonRow row(String metric, double current, Double previous) {
		Change change = new Change(current, previous);
		return new ComparisonRow(0, "", metric, current, previous, change.difference(), change.percent());
	}

}
