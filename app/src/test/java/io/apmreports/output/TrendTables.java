package io.apmreports.output;

import java.util.Comparator;
import java.util.List;

/**
 * Tables by slice held in memory, read as the staged ones are: groups in the given order,
 * each group's points by start, then in the group's order.
 */
final class TrendTables {

	private TrendTables() {
	}

	static TrendTable of(List<TrendTable.Application> applications, List<TrendPoint> points) {
		return (groupSize, reader) -> {
			for (int start = 0; start < applications.size(); start += groupSize) {
				List<TrendTable.Application> group = applications.subList(start,
						Math.min(start + groupSize, applications.size()));
				List<Long> ids = group.stream().map(TrendTable.Application::id).toList();
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
