package io.apmreports.staging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import io.apmreports.output.Overview;
import io.apmreports.repository.TestSchema;

/** The worst movers of the overview, from staged figures in a real (in-memory H2) database. */
class SectionStoreTests {

	private static final long INSTANCE = 7;

	private JdbcTemplate jdbc;

	@BeforeEach
	void stageFigures() {
		DriverManagerDataSource dataSource = new DriverManagerDataSource(
				"jdbc:h2:mem:movers-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1", "sa", "");
		TestSchema.migrate(dataSource, "h2");
		jdbc = new JdbcTemplate(dataSource);
		// Alpha: response time 100 -> 110 (+10%), web transaction time unchanged, error rate 0.02 -> 0.04 (+100%),
		// throughput halved (a drop in throughput is no regression of this list)
		stage(1, "Alpha", new double[] { 110, 100, 0.04, 50 }, new double[] { 100, 100, 0.02, 100 });
		// Beta: response time 100 -> 90 (better), web transaction time 100 -> 130 (+30%), errors from none
		// (no percentage of zero)
		stage(2, "Beta", new double[] { 90, 130, 0.01, 100 }, new double[] { 100, 100, 0, 100 });
		// Gamma: nothing to compare with
		stage(3, "Gamma", new double[] { 500, 500, 0.5, 1 }, null);
	}

	@Test
	void theWorstMoversAreTheLargestRegressionsOfTimesAndErrorsWorstFirst() {
		// when
		List<Overview.Mover> movers = new SectionStore(jdbc).worstMovers(INSTANCE, 5);

		// then
		assertThat(movers).extracting(Overview.Mover::applicationName, Overview.Mover::metric)
			.containsExactly(tuple("Alpha", "error_rate"),
					tuple("Beta", "web_transaction_time_ms"),
					tuple("Alpha", "response_time_ms"));
		assertThat(movers.get(0).changePct()).isCloseTo(100.0, within(1e-9));
		assertThat(movers.get(1).changePct()).isCloseTo(30.0, within(1e-9));
		assertThat(movers.get(2).changePct()).isCloseTo(10.0, within(1e-9));
	}

	@Test
	void theListStopsAtItsLimit() {
		assertThat(new SectionStore(jdbc).worstMovers(INSTANCE, 2)).extracting(Overview.Mover::metric)
			.containsExactly("error_rate", "web_transaction_time_ms");
	}

	private void stage(long id, String name, double[] current, double[] previous) {
		jdbc.update("INSERT INTO APM_REPORT_APPLICATION (JOB_INSTANCE_ID, APPLICATION_ID, NAME, REPORTING, "
				+ "HOST_COUNT, INSTANCE_COUNT) VALUES (?, ?, ?, TRUE, 1, 1)", INSTANCE, id, name);
		insert("APM_REPORT_FIGURES", id, current);
		if (previous != null) {
			insert("APM_REPORT_PREVIOUS", id, previous);
		}
	}

	private void insert(String table, long id, double[] figures) {
		jdbc.update("INSERT INTO " + table + " (JOB_INSTANCE_ID, APPLICATION_ID, RESPONSE_TIME_MS, "
				+ "WEB_TRANSACTION_TIME_MS, ERROR_RATE, THROUGHPUT_RPM, STATUS) VALUES (?, ?, ?, ?, ?, ?, 'ok')",
				INSTANCE, id, figures[0], figures[1], figures[2], figures[3]);
	}

}
