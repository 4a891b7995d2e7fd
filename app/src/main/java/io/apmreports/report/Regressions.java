package io.apmreports.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import io.apmreports.formula.Change;
import io.apmreports.formula.FigureColumn;
import io.apmreports.staging.ComparisonRow;

/**
 * The figures that got worse by {@link Overview#REGRESSION_PCT} percent or more against
 * the previous period, worst first: collected from the comparison's rows as they stream
 * past, keeping only the worst.
 */
final class Regressions {

	/**
	 * The figures a reader watches for regressions: what users feel (response and web
	 * time, Apdex) and errors.
	 */
	private static final Set<String> WATCHED = Set.of(FigureColumn.RESPONSE_TIME_MS.header(),
			FigureColumn.WEB_TRANSACTION_TIME_MS.header(), Measures.APDEX_SCORE, Measures.ERROR_RATE);

	private final List<Overview.Mover> movers = new ArrayList<>();

	private final int limit;

	Regressions(int limit) {
		this.limit = limit;
	}

	/**
	 * Takes one row of the comparison; a watched figure that got worse enough is kept.
	 */
	void accept(ComparisonRow row) {
		if (!WATCHED.contains(row.metric())) {
			return;
		}
		Overview.Mover mover = new Overview.Mover(row.applicationName(), Measures.title(row.metric()),
				Measures.kind(row.metric()), Measures.better(row.metric()), new Change(row.current(), row.previous()));
		if (mover.worseningPct() >= Overview.REGRESSION_PCT) {
			movers.add(mover);
		}
	}

	/** The worst {@code limit} of those kept, worst first. */
	List<Overview.Mover> worst() {
		List<Overview.Mover> sorted = new ArrayList<>(movers);
		sorted.sort(Comparator.comparingDouble(Overview.Mover::worseningPct).reversed());
		return sorted.subList(0, Math.min(limit, sorted.size()));
	}

}
