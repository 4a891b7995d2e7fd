package io.apmreports.report.xlsx;

import java.util.Comparator;
import java.util.List;

import io.apmreports.report.TrendTable;
import io.apmreports.staging.NamedApplication;
import io.apmreports.staging.TrendPoint;

/**
 * Tables by slice held in memory, read as the staged ones are: groups in the given order,
 * each group's points by start, then in the group's order.
 */
final class TrendTables {

	private TrendTables() {
	}

	static TrendTable of(List<NamedApplication> applications, List<TrendPoint> points) {
		return (groupSize, reader) -> {
			for (int start = 0; start < applications.size(); start += groupSize) {
				List<NamedApplication> group = applications.subList(start,
						Math.min(start + groupSize, applications.size()));
				List<Long> ids = group.stream().map(NamedApplication::id).toList();
				reader.group(group);
				points.stream()
					.filter(point -> ids.contains(point.applicationId()))
					.sorted(Comparator.comparing(TrendPoint::from)
						.thenComparing(point -> ids.indexOf(point.applicationId())))
					.forEach(reader::point);
			}
		};
	}

}
