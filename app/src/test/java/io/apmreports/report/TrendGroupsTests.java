package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import io.apmreports.source.TrendSlice;
import io.apmreports.staging.NamedApplication;
import io.apmreports.staging.StagingDatabases;
import io.apmreports.staging.TrendPoint;
import io.apmreports.staging.Trends;

/**
 * The staged series read once and handed to a sink both ways: every point in report order
 * for trend.csv, and each group by slice for its Trends sheet, in the report's zone.
 */
class TrendGroupsTests {

	private static final long INSTANCE = 3;

	private static final OffsetDateTime START = OffsetDateTime.parse("2026-11-08T23:00:00Z");

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	@Test
	void everyPointComesInReportOrderAndEachGroupBySlice() {
		// given two slices of three applications, saved out of order, and one whose
		// series was empty
		JdbcTemplate jdbc = StagingDatabases.h2();
		Trends trends = StagingDatabases.trends(jdbc, INSTANCE,
				List.of(StagingDatabases.application(1, "Search"), StagingDatabases.application(2, "billing"),
						StagingDatabases.application(3, "Checkout"), StagingDatabases.application(4, "Agent")));
		trends.save(INSTANCE, List.of(series(1), series(3), series(2), List.of(TrendSlice.none(4))));
		Recorder sink = new Recorder();

		// when
		long points = new TrendGroups(trends).stream(INSTANCE, BERLIN, sink);

		// then trend.csv's points by name regardless of case, then slice, told in Berlin
		assertThat(points).isEqualTo(6);
		assertThat(sink.points).extracting(TrendPoint::applicationId, point -> point.from().getHour())
			.containsExactly(tuple(2L, 0), tuple(2L, 1), tuple(3L, 0), tuple(3L, 1), tuple(1L, 0), tuple(1L, 1));
		assertThat(sink.points).allSatisfy(point -> assertThat(point.from().getOffset()).hasToString("+01:00"));
		// and one group, its applications in report order, its points slice by slice
		assertThat(sink.groups).singleElement()
			.satisfies(group -> assertThat(group).extracting(NamedApplication::id, NamedApplication::name)
				.containsExactly(tuple(2L, "billing"), tuple(3L, "Checkout"), tuple(1L, "Search")));
		assertThat(sink.bySlice).extracting(TrendPoint::applicationId, point -> point.from().getHour())
			.containsExactly(tuple(2L, 0), tuple(3L, 0), tuple(1L, 0), tuple(2L, 1), tuple(3L, 1), tuple(1L, 1));
	}

	/** Two hourly slices, the last saved first. */
	private static List<TrendSlice> series(long id) {
		return List.of(new TrendSlice(id, 1, START.plusHours(1), START.plusHours(2), 100.0 + id, 10.0 * id),
				new TrendSlice(id, 0, START, START.plusHours(1), 90.0 + id, 9.0 * id));
	}

	/** What a sink was handed, in order. */
	private static final class Recorder implements ReportSink {

		private final List<TrendPoint> points = new ArrayList<>();

		private final List<List<NamedApplication>> groups = new ArrayList<>();

		private final List<TrendPoint> bySlice = new ArrayList<>();

		@Override
		public void trend(TrendPoint point) {
			points.add(point);
		}

		@Override
		public void trendGroup(List<NamedApplication> applications, List<TrendPoint> slices) {
			groups.add(applications);
			bySlice.addAll(slices);
		}

		@Override
		public void close() {
		}

	}

}
