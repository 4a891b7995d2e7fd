package io.apmreports.report;

import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.apmreports.staging.NamedApplication;
import io.apmreports.staging.TrendPoint;
import io.apmreports.staging.Trends;

/**
 * Reads the staged series once, a group of applications at a time, and hands them to a
 * sink both ways: every point in report order (by application, then slice), and each
 * group as a table by slice. A group is what one Trends sheet holds, small enough to keep
 * while it is turned; the account's series never is.
 */
final class TrendGroups {

	private final Trends trends;

	TrendGroups(Trends trends) {
		this.trends = trends;
	}

	/**
	 * Streams the series of a run into the sink, its times told in {@code zone}; answers
	 * how many points it wrote.
	 */
	long stream(long instanceId, ZoneId zone, ReportSink sink) {
		List<Long> applications = trends.applicationsWithSeries(instanceId);
		long points = 0;
		for (int first = 0; first < applications.size(); first += ReportSink.TREND_GROUP) {
			List<Long> ids = applications.subList(first, Math.min(first + ReportSink.TREND_GROUP, applications.size()));
			Map<Long, NamedApplication> group = new LinkedHashMap<>();
			List<TrendPoint> bySlice = new ArrayList<>();
			trends.forEachPoint(instanceId, ids, point -> {
				TrendPoint told = inZone(point, zone);
				group.computeIfAbsent(told.applicationId(), id -> new NamedApplication(id, told.applicationName()));
				sink.trend(told);
				bySlice.add(told);
			});
			// stable, so each slice keeps the group's report order; on the time line,
			// with no Instant made for each of a group's many comparisons
			bySlice.sort(Comparator.comparing(TrendPoint::from, OffsetDateTime.timeLineOrder()));
			sink.trendGroup(List.copyOf(group.values()), bySlice);
			points += bySlice.size();
		}
		return points;
	}

	/**
	 * The service answers in UTC; the report shows its own zone, as range_from and
	 * range_to do.
	 */
	private static TrendPoint inZone(TrendPoint point, ZoneId zone) {
		return new TrendPoint(point.applicationId(), point.applicationName(),
				point.from().atZoneSameInstant(zone).toOffsetDateTime(),
				point.to().atZoneSameInstant(zone).toOffsetDateTime(), point.responseTimeMs(), point.throughputRpm());
	}

}
