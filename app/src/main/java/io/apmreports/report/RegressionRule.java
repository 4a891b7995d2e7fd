package io.apmreports.report;

import java.util.Optional;
import java.util.Set;

import io.apmreports.definition.Thresholds;
import io.apmreports.formula.Change;
import io.apmreports.formula.FigureColumn;
import io.apmreports.formula.Kind;
import io.apmreports.staging.ComparisonRow;

/**
 * The one rule that calls a figure a regression, on the Overview, the Comparison sheet,
 * the PDF, the e-mail and chat: a watched figure (a time users feel, Apdex, the error
 * rate) that got worse by the definition's share of its previous value and by its minimum
 * in absolute terms, in an application with the minimum of traffic. It reads the
 * comparison's rows as they stream past, an application's throughput before its other
 * figures, and keeps nothing but the application's traffic.
 */
public final class RegressionRule {

	private static final Set<String> WATCHED = Set.of(FigureColumn.RESPONSE_TIME_MS.header(),
			FigureColumn.WEB_TRANSACTION_TIME_MS.header(), Measures.APDEX_SCORE, Measures.ERROR_RATE);

	private static final Set<String> TRAFFIC = Set.of(FigureColumn.THROUGHPUT_RPM.header(),
			FigureColumn.NON_WEB_THROUGHPUT_RPM.header());

	/** How much worse a figure from 0 counts as, when ranked: there is no percentage. */
	private static final double FROM_ZERO_PCT = 100;

	private final Thresholds thresholds;

	private long application = Long.MIN_VALUE;

	private double traffic;

	public RegressionRule(Thresholds thresholds) {
		this.thresholds = thresholds;
	}

	/** Takes the next row; answers its figure when it is a regression. */
	public Optional<Overview.Mover> accept(ComparisonRow row) {
		if (row.applicationId() != application) {
			application = row.applicationId();
			traffic = 0;
		}
		if (TRAFFIC.contains(row.metric())) {
			traffic += row.current() == null ? 0 : row.current();
			return Optional.empty();
		}
		if (!WATCHED.contains(row.metric())) {
			return Optional.empty();
		}
		Overview.Mover mover = new Overview.Mover(row.applicationName(), Measures.title(row.metric()),
				Measures.kind(row.metric()), Measures.better(row.metric()), new Change(row.current(), row.previous()));
		return isRegression(mover, traffic) ? Optional.of(mover) : Optional.empty();
	}

	/** The traffic, in calls a minute, of the application of the last row taken. */
	double traffic() {
		return traffic;
	}

	/**
	 * Whether a figure of an application serving {@code traffic} calls a minute is a
	 * regression.
	 */
	boolean isRegression(Overview.Mover mover, double traffic) {
		Double difference = mover.change().difference();
		if (difference == null || traffic < thresholds.regressionMinThroughputRpm()) {
			return false;
		}
		boolean worse = mover.better() == Overview.Better.LOWER ? difference > 0
				: mover.better() == Overview.Better.HIGHER && difference < 0;
		if (!worse || Math.abs(difference) < minimum(mover.kind())) {
			return false;
		}
		Double previous = mover.change().previous();
		// a rate from 0 has no percentage: its points decide
		return (previous == 0 && mover.kind() == Kind.FRACTION) || mover.worseningPct() >= thresholds.regressionPct();
	}

	/**
	 * How much a regression matters, to rank them: how much worse in percent (100 from
	 * 0), times the calls a minute that felt it. A 9.5 rpm application's +170% ranks
	 * below a 1,000 rpm application's +20%.
	 */
	static double impact(Overview.Mover mover, double traffic) {
		double worse = mover.worseningPct();
		return (Double.isInfinite(worse) ? FROM_ZERO_PCT : worse) * traffic;
	}

	private double minimum(Kind kind) {
		return switch (kind) {
			case MILLISECONDS -> thresholds.regressionMinMs();
			case SCORE -> thresholds.regressionMinApdex();
			case FRACTION -> thresholds.regressionMinErrorPp() / 100;
			default -> 0;
		};
	}

}
