package io.apmreports.run.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import javax.sql.DataSource;

import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import io.apmreports.ApmReportsApplication;
import io.apmreports.run.ReportLauncher;
import io.apmreports.run.ReportOutcome;
import io.apmreports.run.ReportRequest;
import io.apmreports.run.RequestedRange;
import io.apmreports.run.ReportRuns;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.AtTheSameMoment;
import io.apmreports.testing.TestPostgres;
import io.apmreports.testing.TestSandbox;

/**
 * The job repository's schema made by Flyway: a repository of the version before Flyway
 * is taken over with its runs, on both databases, and two nodes starting at the same
 * moment on an empty PostgreSQL both come up, the second waiting for the first's
 * migration.
 */
class JobRepositorySchemaIntegrationTests {

	/**
	 * How the version before Flyway made the schema at each start: both scripts, their
	 * failures skipped.
	 */
	private static final List<String> BEFORE_FLYWAY = List.of("--spring.flyway.enabled=false",
			"--spring.sql.init.mode=always",
			"--spring.sql.init.schema-locations=classpath:db/apm-reports-schema-0.1.sql,"
					+ "classpath:db/apm-reports-schema-0.1-later-columns.sql",
			"--spring.batch.jdbc.initialize-schema=always", "--spring.batch.jdbc.continue-on-error=true");

	private static final String USAGE = "monthly-usage";

	@TempDir
	static Path workDir;

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo("schema-test-key"));

	static Stream<Arguments> databases() {
		return Stream.of(Arguments.of("H2", List.of()),
				Arguments.of("PostgreSQL", TestPostgres.newDatabase().arguments()));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void aRepositoryMadeBeforeFlywayIsTakenOverWithItsRuns(String database, List<String> databaseArguments)
			throws IOException {
		// given a job repository made by the version before Flyway, with a completed run
		// in it
		ReportRequest before = request("2026-09-01T00:00:00+02:00", "2026-10-01T00:00:00+02:00", database);
		ReportOutcome ran;
		try (ConfigurableApplicationContext old = startNode(database, databaseArguments, BEFORE_FLYWAY)) {
			ran = old.getBean(ReportLauncher.class).launch(before);
		}
		assertThat(ran.result()).as(ran.message()).isEqualTo(ReportOutcome.Result.COMPLETED);
		long requestsBefore = sandbox.requests().total();

		// when this version starts on it
		try (ConfigurableApplicationContext node = startNode(database, databaseArguments, List.of())) {
			List<ReportRuns.RunSummary> runs = node.getBean(ReportRuns.class).recent(10);
			ReportOutcome again = node.getBean(ReportLauncher.class).launch(before);
			ReportOutcome next = node.getBean(ReportLauncher.class)
				.launch(request("2026-10-01T00:00:00+02:00", "2026-11-01T00:00:00+01:00", database));

			// then the run is still there, completed, without a request to the service; a
			// new run completes; and Flyway took the repository over as at Spring Batch's
			// tables and added its own migration to it
			assertThat(runs).singleElement().satisfies(run -> {
				assertThat(run.executionId()).isEqualTo(ran.executionId());
				assertThat(run.status()).isEqualTo("COMPLETED");
			});
			assertThat(again.result()).isEqualTo(ReportOutcome.Result.ALREADY_COMPLETED);
			assertThat(next.result()).as(next.message()).isEqualTo(ReportOutcome.Result.COMPLETED);
			assertThat(sandbox.requests().total()).isGreaterThan(requestsBefore);
			assertThat(history(node.getBean(DataSource.class))).containsExactly(tuple("1", "BASELINE"),
					tuple("2", "SQL"), tuple("3", "SQL"), tuple("4", "SQL"), tuple("5", "SQL"), tuple("6", "SQL"),
					tuple("7", "SQL"), tuple("8", "SQL"), tuple("9", "SQL"), tuple("10", "SQL"));
		}
	}

	@Test
	void twoNodesStartingAtTheSameMomentOnAnEmptyPostgresqlBothComeUp() throws Exception {
		// given an empty database
		TestPostgres.Database database = TestPostgres.newDatabase();

		// when two nodes start on it at the same moment; without reconfiguring logging,
		// as
		// two contexts resetting Logback at one instant trip over each other (a race of
		// the logging system in one JVM, not of two nodes, whose migrations race later)
		String loggingSystem = System.getProperty(LoggingSystem.SYSTEM_PROPERTY);
		System.setProperty(LoggingSystem.SYSTEM_PROPERTY, LoggingSystem.NONE);
		List<ConfigurableApplicationContext> nodes;
		try {
			nodes = AtTheSameMoment.run(() -> startNode("first", database.arguments(), List.of()),
					() -> startNode("second", database.arguments(), List.of()));
		}
		finally {
			if (loggingSystem == null) {
				System.clearProperty(LoggingSystem.SYSTEM_PROPERTY);
			}
			else {
				System.setProperty(LoggingSystem.SYSTEM_PROPERTY, loggingSystem);
			}
		}

		// then both came up, and each migration was applied once
		try {
			assertThat(nodes).hasSize(2).allSatisfy(node -> assertThat(node.isActive()).isTrue());
			assertThat(history(database.dataSource())).containsExactly(tuple("1", "SQL"), tuple("2", "SQL"),
					tuple("3", "SQL"), tuple("4", "SQL"), tuple("5", "SQL"), tuple("6", "SQL"), tuple("7", "SQL"),
					tuple("8", "SQL"), tuple("9", "SQL"), tuple("10", "SQL"));
			assertThat(nodes.get(1).getBean(ReportRuns.class).recent(1)).isEmpty();
		}
		finally {
			nodes.forEach(ConfigurableApplicationContext::close);
		}
	}

	@Test
	void aNodeWaitsForTheMigrationLockBeforeFlywayLooksAtTheSchema() throws Exception {
		// given an empty database whose migration lock another node holds
		TestPostgres.Database database = TestPostgres.newDatabase();
		DataSource dataSource = database.dataSource();
		ExecutorService executor = Executors.newSingleThreadExecutor();
		try (Connection otherNode = dataSource.getConnection(); Statement statement = otherNode.createStatement()) {
			otherNode.setAutoCommit(false);
			statement.execute("SELECT pg_advisory_xact_lock(" + JobRepositorySchema.MIGRATION_LOCK + ")");

			// when a node starts meanwhile
			Future<ConfigurableApplicationContext> node = executor
				.submit(() -> startNode("waiting", database.arguments(), List.of()));

			// then it waits for the lock before Flyway has made or decided anything
			await().atMost(Duration.ofSeconds(60)).until(() -> waitingForALock(dataSource));
			assertThat(tables(dataSource)).isEmpty();

			// and comes up, its schema migrated, once the other node is done
			otherNode.rollback();
			try (ConfigurableApplicationContext started = node.get(60, TimeUnit.SECONDS)) {
				assertThat(history(dataSource)).containsExactly(tuple("1", "SQL"), tuple("2", "SQL"), tuple("3", "SQL"),
						tuple("4", "SQL"), tuple("5", "SQL"), tuple("6", "SQL"), tuple("7", "SQL"), tuple("8", "SQL"),
						tuple("9", "SQL"), tuple("10", "SQL"));
			}
		}
		finally {
			executor.shutdownNow();
		}
	}

	private static boolean waitingForALock(DataSource dataSource) {
		return new JdbcTemplate(dataSource).queryForObject(
				"SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted", Long.class) > 0;
	}

	private static List<String> tables(DataSource dataSource) {
		return new JdbcTemplate(dataSource).queryForList(
				"SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'", String.class);
	}

	/**
	 * The versions in Flyway's schema history, and how each came there (without H2's row
	 * for the table itself).
	 */
	private static List<Tuple> history(DataSource dataSource) {
		return new JdbcTemplate(dataSource).query(
				"SELECT \"version\", \"type\" FROM \"flyway_schema_history\" "
						+ "WHERE \"version\" IS NOT NULL ORDER BY \"installed_rank\"",
				(row, number) -> tuple(row.getString(1), row.getString(2)));
	}

	private static ReportRequest request(String from, String to, String name) {
		return new ReportRequest(USAGE, RequestedRange.typed(from, to), workDir.resolve(name + "-output"), false);
	}

	/**
	 * A node: a context of its own on the sandbox, on H2 in a data directory of its name
	 * unless given a database.
	 */
	private static ConfigurableApplicationContext startNode(String name, List<String> databaseArguments,
			List<String> extra) throws IOException {
		List<String> arguments = new ArrayList<>(sandbox.arguments(workDir.resolve(name)));
		arguments.addAll(databaseArguments);
		arguments.addAll(extra);
		return new SpringApplicationBuilder(ApmReportsApplication.class).web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.run(arguments.toArray(String[]::new));
	}

}
