package io.apmreports.testing;

import javax.sql.DataSource;

import org.flywaydb.core.Flyway;

/**
 * The job repository's schema made by the application's own migrations, on a data source
 * without a context.
 */
public final class TestSchema {

	private TestSchema() {
	}

	/**
	 * Migrates {@code dataSource} as a start does.
	 * @param vendor {@code h2} or {@code postgresql}: the folder of the SQL that differs
	 * between them
	 */
	public static DataSource migrate(DataSource dataSource, String vendor) {
		Flyway.configure()
			.dataSource(dataSource)
			.locations("classpath:db/migration/common", "classpath:db/migration/" + vendor)
			.load()
			.migrate();
		return dataSource;
	}

}
