package io.apmreports.staging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import io.apmreports.source.FigureStatus;

/**
 * The comparison with the previous period (its metrics named as in
 * {@code comparison.csv}), from staged figures in an in-memory H2.
 */
class PreviousFiguresTests {

	private static final long INSTANCE = 7;

	private JdbcTemplate jdbc;

	@BeforeEach
	void stageFigures() {
		jdbc = StagingDatabases.h2();
		// Alpha: response time 100 -> 110 (+10%), web transaction time unchanged, error
		// rate 0.02 -> 0.04 (+100%), throughput halved (a drop in throughput is no
		// regression of this list)
		stage(1, "Alpha", new double[] { 110, 100, 0.04, 50 }, new double[] { 100, 100, 0.02, 100 });
		// Beta: response time 100 -> 90 (better), web transaction time 100 -> 130 (+30%),
		// errors from none (no percentage of zero, and worse)
		stage(2, "Beta", new double[] { 90, 130, 0.01, 100 }, new double[] { 100, 100, 0, 100 });
		// Gamma: nothing to compare with
		stage(3, "Gamma", new double[] { 500, 500, 0.5, 1 }, null);
	}

	@Test
	void eachApplicationComparesEveryFigureThenApdexAndErrorRate() {
		// when
		List<ComparisonRow> rows = new ArrayList<>();
		new PreviousFigures(jdbc).forEachComparison(INSTANCE, rows::add);

		// then
		List<String> metrics = List.of("throughput_rpm", "non_web_throughput_rpm", "response_time_ms",
				"request_queuing_ms", "web_transaction_time_ms", "application_time_ms", "datastore_ms", "database_ms",
				"ruby_database_ms", "external_ms", "cache_ms", "apdex_score", "error_rate");
		assertThat(rows).hasSize(3 * metrics.size());
		assertThat(rows.subList(0, metrics.size())).extracting(ComparisonRow::metric).isEqualTo(metrics);
		assertThat(rows).filteredOn(row -> row.metric().equals("response_time_ms"))
			.extracting(ComparisonRow::applicationName, ComparisonRow::current, ComparisonRow::previous,
					ComparisonRow::change)
			.containsExactly(tuple("Alpha", 110.0, 100.0, 10.0), tuple("Beta", 90.0, 100.0, -10.0),
					tuple("Gamma", 500.0, null, null));
	}

	private void stage(long id, String name, double[] current, double[] previous) {
		jdbc.update("INSERT INTO APM_REPORT_APPLICATION (JOB_INSTANCE_ID, APPLICATION_ID, NAME, REPORTING, "
				+ "HOST_COUNT, INSTANCE_COUNT) VALUES (?, ?, ?, TRUE, 1, 1)", INSTANCE, id, name);
		insert(CurrentFigures.TABLE, id, current);
		if (previous != null) {
			insert(PreviousFigures.TABLE, id, previous);
		}
	}

	private void insert(String table, long id, double[] figures) {
		jdbc.update(
				"INSERT INTO " + table + " (JOB_INSTANCE_ID, APPLICATION_ID, RESPONSE_TIME_MS, "
						+ "WEB_TRANSACTION_TIME_MS, ERROR_RATE, THROUGHPUT_RPM, STATUS) VALUES (?, ?, ?, ?, ?, ?, ?)",
				INSTANCE, id, figures[0], figures[1], figures[2], figures[3], FigureStatus.OK.value());
	}

}
