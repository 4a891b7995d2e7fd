package io.apmreports.run.repository;

import java.sql.SQLException;
import java.util.List;
import java.util.Locale;

import javax.sql.DataSource;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.exception.FlywayValidateException;
import org.springframework.boot.flyway.autoconfigure.FlywayMigrationStrategy;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import io.apmreports.failure.Failures;
import io.apmreports.failure.FullDisk;
import io.apmreports.failure.RunFailedException;

/**
 * How the job repository's schema (db/migration) is brought up to date at start, by
 * Flyway as Boot runs it, with two additions. On PostgreSQL the whole migration holds a
 * lock: Flyway locks while it applies migrations, but not while it decides whether to
 * create its history table or to baseline a repository made before it, so a second node
 * starting at the same moment on an empty database could take the first one's new history
 * table for a repository to take over, and fail. And a migration that fails stops the
 * start with one line saying why, instead of Flyway's report.
 */
@Configuration(proxyBeanMethods = false)
class JobRepositorySchema {

	/**
	 * A key of PostgreSQL's advisory locks of its own: Flyway's lock, taken on another
	 * connection, has another.
	 */
	static final long MIGRATION_LOCK = 0x61706D2D7363684CL;

	private static final String POSTGRESQL = "PostgreSQL";

	@Bean
	FlywayMigrationStrategy lockedMigration() {
		return JobRepositorySchema::migrate;
	}

	static void migrate(Flyway flyway) {
		DataSource dataSource = flyway.getConfiguration().getDataSource();
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		String database = jdbc
			.execute((ConnectionCallback<String>) connection -> connection.getMetaData().getDatabaseProductName());
		try {
			if (POSTGRESQL.equals(database)) {
				// a transaction's lock: PostgreSQL lets it go at commit or rollback, even
				// of a connection lost
				new TransactionTemplate(new DataSourceTransactionManager(dataSource)).executeWithoutResult(status -> {
					jdbc.execute("SELECT pg_advisory_xact_lock(" + MIGRATION_LOCK + ")");
					takingOverOnlyAJobRepository(flyway, jdbc).migrate();
				});
			}
			else {
				takingOverOnlyAJobRepository(flyway, jdbc).migrate();
			}
		}
		catch (FlywayException ex) {
			if (FullDisk.in(ex)) {
				// Flyway tells it as a table it could not lock
				throw new RunFailedException(Failures.forUser(ex), ex);
			}
			throw new RunFailedException("the job repository's schema could not be migrated: " + reason(ex), ex);
		}
	}

	/**
	 * Flyway as configured, but baselining a schema without history only when it is a job
	 * repository made before Flyway (Spring Batch's tables are there): a database that
	 * holds other tables would otherwise be taken for one, V1 skipped, and the first run
	 * would fail far from the cause.
	 */
	static Flyway takingOverOnlyAJobRepository(Flyway flyway, JdbcTemplate jdbc) {
		boolean jobRepository = hasTable(jdbc, "BATCH_JOB_INSTANCE");
		if (jobRepository || !flyway.getConfiguration().isBaselineOnMigrate()) {
			return flyway;
		}
		if (!hasTable(jdbc, flyway.getConfiguration().getTable()) && hasTable(jdbc, "%")) {
			throw new RunFailedException("the job repository's database holds other tables but no apm-reports job "
					+ "repository: give apm-reports a database (or schema) of its own", null);
		}
		return Flyway.configure(flyway.getConfiguration().getClassLoader())
			.configuration(flyway.getConfiguration())
			.baselineOnMigrate(false)
			.load();
	}

	/**
	 * Whether the connection's schema has a table of that name (or pattern), in either
	 * case.
	 */
	private static boolean hasTable(JdbcTemplate jdbc, String name) {
		return Boolean.TRUE.equals(jdbc.execute((ConnectionCallback<Boolean>) connection -> {
			var metaData = connection.getMetaData();
			for (String candidate : List.of(name.toUpperCase(Locale.ROOT), name.toLowerCase(Locale.ROOT))) {
				try (var tables = metaData.getTables(connection.getCatalog(), connection.getSchema(), candidate,
						new String[] { "TABLE" })) {
					if (tables.next()) {
						return true;
					}
				}
			}
			return false;
		}));
	}

	/**
	 * Flyway's reason in one line: its own first line ("Failed to execute script
	 * V3__x.sql") and the database's (without H2's copy of the statement) when a
	 * statement failed, or the first finding of a failed validation (a migration applied
	 * by a later version, say).
	 */
	static String reason(FlywayException failure) {
		List<String> lines = failure.getMessage() == null ? List.of()
				: failure.getMessage().lines().map(String::strip).filter(line -> !line.isEmpty()).toList();
		String flyway = lines.isEmpty() ? failure.getClass().getSimpleName()
				: failure instanceof FlywayValidateException && lines.size() > 1 ? lines.get(0) + ": " + lines.get(1)
						: lines.get(0);
		return Failures.find(failure, SQLException.class)
			.map(sql -> Failures.firstLine(sql.getMessage()).replaceFirst(";? *SQL statement:?$", ""))
			.filter(database -> !database.isEmpty() && !flyway.contains(database))
			.map(database -> flyway + ": " + database)
			.orElse(flyway);
	}

}
