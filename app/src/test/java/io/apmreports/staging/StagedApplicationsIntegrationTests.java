package io.apmreports.staging;

import static io.apmreports.staging.StagingDatabases.application;
import static io.apmreports.staging.StagingDatabases.figures;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.database.JdbcPagingItemReader;
import org.springframework.jdbc.core.JdbcTemplate;

import io.apmreports.source.FigureStatus;
import io.apmreports.source.HostFigures;
import io.apmreports.source.KeyTransaction;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.TrendSlice;

/**
 * Which staged applications each fetch step still has to do, on both databases: what a
 * restarted step reads, so that it continues after its last committed chunk and tries the
 * failed applications once more.
 */
class StagedApplicationsIntegrationTests {

	private static final long INSTANCE = 3;

	private static final long OTHER_RUN = 4;

	private static final OffsetDateTime SLICE = OffsetDateTime.parse("2026-11-09T00:00:00Z");

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void eachStepReadsWhatHasNoRowOfItsOwnYet(String database, JdbcTemplate jdbc) throws Exception {
		// given six applications: 1 fetched, 2 failed, 3 gone, 4 without calls, 5 never
		// fetched, 6 fetched
		StagedApplications applications = staged(jdbc, INSTANCE);
		new CurrentFigures(jdbc).save(INSTANCE, List.of(figures(1, FigureStatus.OK), figures(2, FigureStatus.FAILED),
				figures(3, FigureStatus.GONE), figures(4, FigureStatus.NO_DATA), figures(6, FigureStatus.OK)));
		// and, of the sections, 1's previous period done and 4's failed; 1's hosts done,
		// 2's failed and one of 6's two failed; 1's series and 4's empty one done
		new PreviousFigures(jdbc).save(INSTANCE, List.of(figures(1, FigureStatus.OK), figures(4, FigureStatus.FAILED)));
		new Hosts(jdbc).save(INSTANCE,
				List.of(List.of(host(1, 11, FigureStatus.OK)), List.of(host(2, 21, FigureStatus.FAILED)),
						List.of(host(6, 61, FigureStatus.FAILED), host(6, 62, FigureStatus.OK))));
		new Trends(jdbc).save(INSTANCE, List.of(List.of(new TrendSlice(1, 0, SLICE, SLICE.plusHours(1), 10.0, 5.0)),
				List.of(TrendSlice.none(4))));

		// then each step reads only what it still has to do, in id order: the previous
		// period and the series not of the gone application, nor of the failed one until
		// its figures are read
		assertThat(ids(applications.pendingFigures(INSTANCE, 2))).containsExactly(2L, 5L);
		assertThat(applications.countPendingFigures(INSTANCE)).isEqualTo(2);
		assertThat(ids(applications.pendingPrevious(INSTANCE, 2))).containsExactly(4L, 5L, 6L);
		assertThat(ids(applications.pendingHosts(INSTANCE, 2))).containsExactly(2L, 3L, 4L, 5L);
		assertThat(ids(applications.pendingTrends(INSTANCE, 2))).containsExactly(5L, 6L);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void aStagedApplicationComesBackAsItWasListed(String database, JdbcTemplate jdbc) throws Exception {
		// given a listing that showed an application twice, as a list that shifts while
		// it is paged can
		StagedApplications applications = new StagedApplications(jdbc);
		StagedApplication first = new StagedApplication(7, "Checkout", "ruby", "orange", false, 4, 9);
		StagedApplication again = new StagedApplication(7, "Checkout", "ruby", "red", true, 5, 10);

		// when
		applications.save(INSTANCE, List.of(first, again));

		// then it is one row, as last listed
		List<StagedApplication> read = read(applications.pendingFigures(INSTANCE, 10));
		assertThat(read).containsExactly(again);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void eachApplicationComesBackInItsAccountForTheFetchStepsToAskItsSource(String database, JdbcTemplate jdbc)
			throws Exception {
		// given a listing of two accounts, and an application staged without one, as a
		// version before runs kept accounts staged it
		StagedApplications applications = new StagedApplications(jdbc);
		applications.save(INSTANCE, List.of(application(1, "Checkout").inAccount(1_234_567),
				application(2, "Checkout").inAccount(7_654_321), application(3, "Old")));

		// when the fetch steps read them back
		List<StagedApplication> read = read(applications.pendingFigures(INSTANCE, 10));

		// then each has its account, and the old one none
		assertThat(read).extracting(StagedApplication::id, StagedApplication::account)
			.containsExactly(tuple(1L, 1_234_567L), tuple(2L, 7_654_321L), tuple(3L, null));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.apmreports.staging.StagingDatabases#both")
	void clearingARunDropsAllItStagedAndNothingOfAnother(String database, JdbcTemplate jdbc) {
		// given two runs that staged and fetched the same applications
		for (long run : new long[] { INSTANCE, OTHER_RUN }) {
			staged(jdbc, run);
			new CurrentFigures(jdbc).save(run, List.of(figures(1, FigureStatus.OK)));
			new PreviousFigures(jdbc).save(run, List.of(figures(1, FigureStatus.OK)));
			new Hosts(jdbc).save(run, List.of(List.of(host(1, 11, FigureStatus.OK))));
			new Trends(jdbc).save(run, List.of(List.of(TrendSlice.none(1))));
			new KeyTransactions(jdbc).save(run, List.of(new KeyTransaction(5, "Pay", "WebTransaction/pay", 1, null)),
					SLICE);
		}

		// when
		new StagedApplications(jdbc).clear(INSTANCE);

		// then
		for (String table : List.of("APM_REPORT_APPLICATION", "APM_REPORT_FIGURES", "APM_REPORT_PREVIOUS",
				"APM_REPORT_HOST", "APM_REPORT_TREND", "APM_REPORT_KEY_TRANSACTION")) {
			assertThat(rows(jdbc, table, INSTANCE)).as(table).isZero();
			assertThat(rows(jdbc, table, OTHER_RUN)).as(table).isPositive();
		}
	}

	private static StagedApplications staged(JdbcTemplate jdbc, long run) {
		StagedApplications applications = new StagedApplications(jdbc);
		applications.save(run, LongStream.rangeClosed(1, 6).mapToObj(id -> application(id, "app-" + id)).toList());
		return applications;
	}

	private static HostFigures host(long applicationId, long hostId, FigureStatus status) {
		return new HostFigures(applicationId, hostId, "host-" + hostId, null, null, status, null);
	}

	private static List<Long> ids(JdbcPagingItemReader<StagedApplication> reader) throws Exception {
		return read(reader).stream().map(StagedApplication::id).toList();
	}

	private static List<StagedApplication> read(JdbcPagingItemReader<StagedApplication> reader) throws Exception {
		List<StagedApplication> read = new ArrayList<>();
		reader.open(new ExecutionContext());
		try {
			for (StagedApplication application = reader.read(); application != null; application = reader.read()) {
				read.add(application);
			}
		}
		finally {
			reader.close();
		}
		return read;
	}

	private static long rows(JdbcTemplate jdbc, String table, long run) {
		return jdbc.queryForObject("SELECT COUNT(*) FROM " + table + " WHERE JOB_INSTANCE_ID = ?", Long.class, run);
	}

}
