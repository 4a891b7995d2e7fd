package io.apmreports.report.xlsx;

import java.util.Comparator;
import java.util.List;
import java.util.function.BiConsumer;

import io.apmreports.staging.NamedApplication;
import io.apmreports.staging.TrendPoint;

/**
 * Tables by slice held in memory, handed over as the report hands the staged ones: group
 * by group in the given order, each group's points by start, then in the group's order.
 */
final class TrendTables {

	private TrendTables() {
	}

	static Table of(List<NamedApplication> applications, List<TrendPoint> points) {
		return new Table(applications, points);
	}

	/**
	 * Some applications' series.
	 *
	 * @param applications the applications in report order
	 * @param points their points in any order
	 */
	record Table(List<NamedApplication> applications, List<TrendPoint> points) {

		/** Hands the table over, at most {@code groupSize} applications a group. */
		void groups(int groupSize, BiConsumer<List<NamedApplication>, List<TrendPoint>> to) {
			for (int start = 0; start < applications.size(); start += groupSize) {
				List<NamedApplication> group = applications.subList(start,
						Math.min(start + groupSize, applications.size()));
				List<Long> ids = group.stream().map(NamedApplication::id).toList();
				to.accept(group,
						points.stream()
							.filter(point -> ids.contains(point.applicationId()))
							.sorted(Comparator.comparing(TrendPoint::from)
								.thenComparing(point -> ids.indexOf(point.applicationId())))
							.toList());
			}
		}

	}

}
