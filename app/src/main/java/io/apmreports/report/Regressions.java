package io.apmreports.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import io.apmreports.definition.Thresholds;
import io.apmreports.staging.ComparisonRow;

/**
 * The regressions worth a look, by {@link RegressionRule}, those that matter most first:
 * collected from the comparison's rows as they stream past.
 */
final class Regressions {

	/** A regression and how much it matters. */
	private record Ranked(Overview.Mover mover, double impact) {
	}

	private final List<Ranked> regressions = new ArrayList<>();

	private final RegressionRule rule;

	private final int limit;

	Regressions(Thresholds thresholds) {
		this.rule = new RegressionRule(thresholds);
		this.limit = thresholds.regressions();
	}

	/** Takes one row of the comparison; a regression is kept. */
	void accept(ComparisonRow row) {
		accept(row, null);
	}

	/**
	 * Takes one row of the comparison with what was usual for it; a regression is kept.
	 */
	void accept(ComparisonRow row, Usual usual) {
		rule.accept(row)
			.map(mover -> mover.withUsual(usual))
			.ifPresent(mover -> regressions.add(new Ranked(mover, RegressionRule.impact(mover, rule.traffic()))));
	}

	/** The {@code limit} that matter most, by impact, then by how much worse. */
	List<Overview.Mover> worst() {
		return regressions.stream()
			.sorted(Comparator.comparingDouble(Ranked::impact)
				.reversed()
				.thenComparing(ranked -> -ranked.mover().worseningPct()))
			.limit(limit)
			.map(Ranked::mover)
			.toList();
	}

}
