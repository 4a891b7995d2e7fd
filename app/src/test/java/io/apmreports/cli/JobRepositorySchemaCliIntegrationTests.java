package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.testing.ChildJvm;

/**
 * The job repository's schema as a user meets it at start: a statement that fails stops
 * the start with one line, and the H2 file's trace does not grow from start to start.
 */
class JobRepositorySchemaCliIntegrationTests {

	@TempDir
	Path workDir;

	@Test
	void aSchemaStatementThatFailsStopsTheStartWithOneLine() {
		// when a migration's statement fails (one of the test's own, after the
		// application's)
		// ('abandon' starts the job repository; 'runs' reads one there is without it)
		CliRunner.Result result = CliRunner.run("abandon", "1", "--apm.data-dir=" + workDir.resolve("data"),
				"--spring.flyway.locations=classpath:db/migration/common,classpath:db/migration/{vendor},"
						+ "classpath:db/broken");

		// then the start stops with Flyway's and the database's reason in one line, and
		// exit 1
		assertThat(result.exitCode()).as(result.all()).isEqualTo(1);
		assertThat(result.err()).startsWith("apm-reports: the job repository's schema could not be migrated: ")
			.contains("V99__broken.sql")
			.contains("NO_SUCH_TABLE")
			.hasLineCount(1);
		assertThat(result.all()).doesNotContain("\tat ").doesNotContain("Exception").doesNotContain("no run 1");
	}

	@Test
	void aDatabaseHoldingOtherTablesIsNotTakenForAJobRepository() throws Exception {
		// given a database that holds another application's table, and no job repository
		Path data = Files.createDirectories(workDir.resolve("shared"));
		String url = "jdbc:h2:file:" + data.resolve("apm-reports").toAbsolutePath();
		try (Connection connection = DriverManager.getConnection(url, "sa", "");
				Statement statement = connection.createStatement()) {
			statement.execute("CREATE TABLE INVOICES (ID BIGINT PRIMARY KEY)");
		}

		// when apm-reports starts on it
		CliRunner.Result result = CliRunner.run("runs", "--apm.data-dir=" + data);

		// then it says so in one line, instead of taking the tables it needs as made and
		// failing later
		assertThat(result.exitCode()).as(result.all()).isEqualTo(1);
		assertThat(result.err()).isEqualTo("apm-reports: the job repository's database holds other tables but no "
				+ "apm-reports job repository: give apm-reports a database (or schema) of its own\n");
	}

	@Test
	void startingAgainAddsNothingToTheH2Trace() throws Exception {
		// given a job repository made by a first start (each start a JVM of its own, as a
		// user's)
		Path data = workDir.resolve("data");
		// ('abandon' starts the job repository; 'runs' reads one there is without it)
		List<String> runs = List.of("abandon", "1", "--apm.data-dir=" + data);
		Path log = workDir.resolve("starts.log");
		int first = ChildJvm.run(runs, log);
		long traceAfterFirst = traceSize(data);

		// when it starts again, twice
		int second = ChildJvm.run(runs, log);
		int third = ChildJvm.run(runs, log);

		// then the schema was there (each start found no run 1 in it), and H2 traced no
		// failed statement
		assertThat(List.of(first, second, third)).as(Files.readString(log)).containsOnly(2);
		assertThat(Files.readString(log)).contains("no run 1");
		assertThat(data.resolve("apm-reports.mv.db")).isRegularFile();
		assertThat(traceSize(data)).as(() -> trace(data)).isEqualTo(traceAfterFirst).isZero();
	}

	/** The size of H2's trace files beside the job repository, 0 when there is none. */
	private static long traceSize(Path data) throws IOException {
		return traces(data).stream().mapToLong(file -> file.toFile().length()).sum();
	}

	/** What H2 traced beside the job repository, for the message of a failed test. */
	private static String trace(Path data) {
		try {
			StringBuilder text = new StringBuilder();
			for (Path file : traces(data)) {
				text.append(Files.readString(file));
			}
			return text.toString();
		}
		catch (IOException ex) {
			return ex.toString();
		}
	}

	private static List<Path> traces(Path data) throws IOException {
		try (Stream<Path> files = Files.list(data)) {
			return files.filter(file -> file.getFileName().toString().endsWith(".trace.db")).toList();
		}
	}

}
