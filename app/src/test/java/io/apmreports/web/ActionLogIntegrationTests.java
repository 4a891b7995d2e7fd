package io.apmreports.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import javax.sql.DataSource;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import io.apmreports.testing.TestPostgres;
import io.apmreports.testing.TestSchema;
import io.apmreports.web.ActionLog.Action;
import io.apmreports.web.ActionLog.Kind;

/**
 * The action log in the job repository's own schema, on H2 and on a real PostgreSQL, as
 * the migrations make it.
 */
class ActionLogIntegrationTests {

	private static final Instant MONDAY = Instant.parse("2026-11-16T08:30:00Z");

	@ParameterizedTest
	@ValueSource(strings = { "h2", "postgresql" })
	void aRunShowsTheActionsOnEveryAttemptOfItsReportAndRangeAndNoOthers(String vendor) {
		DataSource dataSource = TestSchema.migrate(dataSource(vendor), vendor);
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		ActionLog log = new ActionLog(jdbc, new DataSourceTransactionManager(dataSource),
				Clock.fixed(MONDAY, ZoneOffset.UTC));
		// given a run, its restart, and a run of another report and range
		instance(jdbc, 1, "key-one");
		instance(jdbc, 2, "key-two");
		execution(jdbc, 10, 1);
		execution(jdbc, 11, 1);
		execution(jdbc, 12, 2);

		// when the first is launched and abandoned after its restart, and the other
		// resent
		log.record(10, Kind.LAUNCH, "ana", "report weekly-performance for last week");
		log.record(11, Kind.RESTART, "root", "restarted run 10 as run 11");
		log.record(12, Kind.RESEND, "ana", "to lead@example.com: sent to lead@example.com");

		// then either attempt shows both of its actions, oldest first, and not the
		// other's
		Action launch = new Action(10, Kind.LAUNCH, "ana", "report weekly-performance for last week", MONDAY);
		Action restart = new Action(11, Kind.RESTART, "root", "restarted run 10 as run 11", MONDAY);
		assertThat(log.of(10)).containsExactly(launch, restart);
		assertThat(log.of(11)).containsExactly(launch, restart);
		assertThat(log.of(12)).extracting(Action::kind).containsExactly(Kind.RESEND);
		assertThat(log.of(99)).isEmpty();

		// and a run removed (report.keep-for) takes its actions with it, and no other's
		log.forget(1);
		assertThat(log.of(10)).isEmpty();
		assertThat(log.of(12)).hasSize(1);
	}

	private static DataSource dataSource(String vendor) {
		if (vendor.equals("postgresql")) {
			return TestPostgres.newDatabase().dataSource();
		}
		return new DriverManagerDataSource("jdbc:h2:mem:actions-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1", "sa", "");
	}

	private static void instance(JdbcTemplate jdbc, long id, String key) {
		jdbc.update("INSERT INTO BATCH_JOB_INSTANCE (JOB_INSTANCE_ID, VERSION, JOB_NAME, JOB_KEY) VALUES (?, 0, ?, ?)",
				id, "reportJob", key);
	}

	private static void execution(JdbcTemplate jdbc, long id, long instance) {
		jdbc.update("INSERT INTO BATCH_JOB_EXECUTION (JOB_EXECUTION_ID, VERSION, JOB_INSTANCE_ID, CREATE_TIME, STATUS) "
				+ "VALUES (?, 0, ?, CURRENT_TIMESTAMP, 'FAILED')", id, instance);
	}

}
