package io.apmreports.staging;

import static io.apmreports.staging.StagingDatabases.figures;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.jdbc.core.JdbcTemplate;

import io.apmreports.source.FigureStatus;

/**
 * The figures table on both databases: what the failure check counts, and what a host is
 * asked for.
 */
class CurrentFiguresIntegrationTests {

	private static final long INSTANCE = 5;

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void goneApplicationsNoLongerCountAndOnesNeverFetchedFailed(String database, JdbcTemplate jdbc) {
		// given Alpha fetched, beta failed, Gamma gone, delta without calls, Epsilon
		// never fetched
		ApplicationRowsIntegrationTests.stage(jdbc);

		// when
		CurrentFigures.FailureCount count = new CurrentFigures(jdbc).countFailures(INSTANCE);

		// then
		assertThat(count).isEqualTo(new CurrentFigures.FailureCount(4, 2, "failed in this test", 1));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void aSecondSaveOfAChunkReplacesItsRows(String database, JdbcTemplate jdbc) {
		// given a chunk saved failed, as by an attempt before a restart
		CurrentFigures figures = new CurrentFigures(jdbc);
		figures.save(INSTANCE, List.of(figures(1, FigureStatus.FAILED)));

		// when it is saved again, fetched
		figures.save(INSTANCE, List.of(figures(1, FigureStatus.OK)));

		// then the one row holds the second save, with the types its hosts are asked for
		assertThat(jdbc.queryForList("SELECT STATUS FROM APM_REPORT_FIGURES WHERE JOB_INSTANCE_ID = ?", String.class,
				INSTANCE))
			.containsExactly("ok");
		assertThat(figures.datastoreTypes(INSTANCE, 1)).containsExactly("Postgres", "Redis");
		assertThat(figures.datastoreTypes(INSTANCE, 2)).isEmpty();
	}

}
