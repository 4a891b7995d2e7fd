package io.apmreports.staging;

import java.util.List;
import java.util.stream.Stream;

import javax.sql.DataSource;

import org.junit.jupiter.params.provider.Arguments;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import io.apmreports.formula.Breakdown;
import io.apmreports.formula.DatabaseFormula;
import io.apmreports.formula.WebTimeSource;
import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.FigureStatus;
import io.apmreports.source.StagedApplication;
import io.apmreports.testing.TestPostgres;
import io.apmreports.testing.TestSchema;

/**
 * Both databases the job repository can live in, each with the schema made, then made
 * again as by a second start; and staged rows for the tests.
 */
public final class StagingDatabases {

	private StagingDatabases() {
	}

	/**
	 * A fresh H2 and a fresh PostgreSQL database, each with the staging tables, as
	 * {@code (name, JdbcTemplate)}.
	 */
	static Stream<Arguments> both() {
		return Stream.of(Arguments.of("h2", h2()),
				Arguments.of("postgresql", migrated(TestPostgres.newDatabase().dataSource(), "postgresql")));
	}

	/** A fresh in-memory H2 database with the staging tables. */
	public static JdbcTemplate h2() {
		return migrated(new DriverManagerDataSource("jdbc:h2:mem:staging-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1",
				"sa", ""), "h2");
	}

	private static JdbcTemplate migrated(DataSource dataSource, String vendor) {
		TestSchema.migrate(dataSource, vendor);
		TestSchema.migrate(dataSource, vendor);
		return new JdbcTemplate(dataSource);
	}

	/**
	 * The series' DAO over {@code jdbc}, with {@code applications} listed for run
	 * {@code instanceId}: for readers of the series outside this package.
	 */
	public static Trends trends(JdbcTemplate jdbc, long instanceId, List<StagedApplication> applications) {
		new StagedApplications(jdbc).save(instanceId, applications);
		return new Trends(jdbc);
	}

	/** The kept estimates' DAO over {@code jdbc}: for the cost steps' tests. */
	public static IngestEstimates ingestEstimates(JdbcTemplate jdbc) {
		return new IngestEstimates(jdbc);
	}

	/** The cost tables' DAO over {@code jdbc}: for the cost steps' tests. */
	public static CostTables costTables(JdbcTemplate jdbc) {
		return new CostTables(jdbc);
	}

	/**
	 * The service-level tables' DAO over {@code jdbc}, with {@code applications} listed
	 * for run {@code instanceId}: for the service-level steps' tests.
	 */
	public static StagedServiceLevels serviceLevels(JdbcTemplate jdbc, long instanceId,
			List<StagedApplication> applications) {
		new StagedApplications(jdbc).save(instanceId, applications);
		return new StagedServiceLevels(jdbc);
	}

	public static StagedApplication application(long id, String name) {
		return new StagedApplication(id, name, "java", "green", true, 2, 3);
	}

	/**
	 * A breakdown whose figures are {@code base + 1} to {@code base + 11}, in column
	 * order.
	 */
	static Breakdown breakdown(double base) {
		return new Breakdown(base + 1, base + 2, base + 3, base + 4, base + 5, base + 6, base + 7, base + 8, base + 9,
				base + 10, base + 11, true, new Breakdown.Provenance(DatabaseFormula.DATASTORE,
						WebTimeSource.WEB_TRANSACTION_TOTAL_TIME, List.of("Postgres", "Redis"), List.of()));
	}

	static ApplicationFigures figures(long id, FigureStatus status) {
		return new ApplicationFigures(id, status == FigureStatus.OK ? breakdown(id * 100) : null,
				status == FigureStatus.OK ? 0.9 : null, null, status == FigureStatus.OK ? 1000.0 * id : null, status,
				status == FigureStatus.OK ? null : status.value() + " in this test");
	}

}
