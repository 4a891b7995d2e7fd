package io.apmreports.staging;

import static io.apmreports.staging.StagingDatabases.application;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import org.assertj.core.groups.Tuple;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.jdbc.core.JdbcTemplate;

import io.apmreports.source.TrendSlice;

/**
 * The series read again for the table by slice, on both databases: the applications with
 * a series in report order, group by group, and a group's points by slice, then in report
 * order.
 */
class TrendsIntegrationTests {

	private static final long INSTANCE = 5;

	private static final long OTHER_RUN = 6;

	private static final OffsetDateTime START = OffsetDateTime.parse("2026-11-08T23:00:00Z");

	private static final int SLICES = 3;

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void theApplicationsWithASeriesComeInReportOrder(String database, JdbcTemplate jdbc) {
		// given four applications with a series, two of the same name, one whose series
		// was empty, and another run's
		Trends trends = staged(jdbc);

		// when
		List<Long> applications = trends.applicationsWithSeries(INSTANCE);

		// then by name regardless of case, then by id, without the empty series
		assertThat(applications).containsExactly(2L, 1L, 4L, 3L);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void aGroupsPointsComeInReportOrderThenBySlice(String database, JdbcTemplate jdbc) {
		// given the staged series
		Trends trends = staged(jdbc);

		// when three of the applications are read
		List<TrendPoint> points = new ArrayList<>();
		trends.forEachPoint(INSTANCE, List.of(3L, 4L, 1L), points::add);

		// then each application's points in report order, slice by slice, with their
		// values and times as saved
		List<Tuple> expected = new ArrayList<>();
		for (long id : List.of(1L, 4L, 3L)) {
			for (int slice = 0; slice < SLICES; slice++) {
				expected.add(tuple(id, START.plusHours(slice).toInstant(), responseTime(id, slice), throughput(id)));
			}
		}
		assertThat(points)
			.extracting(TrendPoint::applicationId, point -> point.from().toInstant(), TrendPoint::responseTimeMs,
					TrendPoint::throughputRpm)
			.containsExactlyElementsOf(expected);
		assertThat(points).filteredOn(point -> point.applicationId() == 4L)
			.extracting(TrendPoint::applicationName)
			.containsOnly("Checkout");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void noApplicationsReadNothing(String database, JdbcTemplate jdbc) {
		Trends trends = staged(jdbc);
		List<TrendPoint> points = new ArrayList<>();

		trends.forEachPoint(INSTANCE, List.of(), points::add);

		assertThat(points).isEmpty();
	}

	private static Trends staged(JdbcTemplate jdbc) {
		StagedApplications applications = new StagedApplications(jdbc);
		applications.save(INSTANCE, List.of(application(1, "Checkout"), application(2, "billing"),
				application(3, "search"), application(4, "Checkout"), application(5, "Agent")));
		applications.save(OTHER_RUN, List.of(application(1, "Checkout"), application(9, "Another")));
		Trends trends = new Trends(jdbc);
		trends.save(INSTANCE, List.of(series(3), series(1), series(4), series(2), List.of(TrendSlice.none(5))));
		trends.save(OTHER_RUN, List.of(series(9), series(1)));
		return trends;
	}

	/** An application's slices, saved last one first. */
	private static List<TrendSlice> series(long id) {
		List<TrendSlice> slices = new ArrayList<>();
		for (int slice = SLICES - 1; slice >= 0; slice--) {
			OffsetDateTime from = START.plusHours(slice);
			slices.add(new TrendSlice(id, slice, from, from.plusHours(1), responseTime(id, slice), throughput(id)));
		}
		return slices;
	}

	/** Absent for application 4's middle slice. */
	private static Double responseTime(long id, int slice) {
		return id == 4 && slice == 1 ? null : 100.0 * id + slice;
	}

	private static Double throughput(long id) {
		return 10.0 * id;
	}

}
