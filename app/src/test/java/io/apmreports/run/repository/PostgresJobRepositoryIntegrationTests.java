package io.apmreports.run.repository;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.apmreports.ApmReportsApplication;
import io.apmreports.job.ReportRun;
import io.apmreports.range.TimeRange;
import io.apmreports.run.ReportLauncher;
import io.apmreports.run.ReportOutcome;
import io.apmreports.run.ReportRequest;
import io.apmreports.run.RequestedRange;
import io.apmreports.run.ReportRuns;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.TestPostgres;
import io.apmreports.testing.TestSandbox;

/**
 * The report job with its job repository and staging tables on a real PostgreSQL 17 (the
 * {@code postgres} profile), as several nodes will share it: the same files as on H2, a
 * completed report and range refused by another node, and a failed run restarted where it
 * stopped.
 */
@SpringBootTest(classes = ApmReportsApplication.class)
@ActiveProfiles(PostgresSettings.PROFILE)
class PostgresJobRepositoryIntegrationTests {

	private static final String KEY = "postgres-test-key";

	private static final String WEEKLY = "weekly-performance";

	/**
	 * Cheap to run (one request per application): for the tests about the job repository
	 * rather than the SQL.
	 */
	private static final String USAGE = "monthly-usage";

	/**
	 * Every file of the weekly report but key-transactions.csv, whose rolling figures
	 * move with the clock.
	 */
	private static final List<String> STEADY_FILES = List.of("summary.csv", "hosts.csv", "comparison.csv", "trend.csv");

	@TempDir
	static Path workDir;

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo(KEY));

	static TestPostgres.Database database;

	@Autowired
	ReportLauncher launcher;

	@Autowired
	JobOperator jobOperator;

	@Autowired
	Job reportJob;

	@Autowired
	DataSource dataSource;

	@BeforeAll
	static void startSandboxAndDatabase() {
		database = TestPostgres.newDatabase();
	}

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws IOException {
		sandbox.register(registry, workDir);
		database.register(registry);
	}

	@Test
	void theWeeklyReportOnPostgresIsTheSameAsOnH2ByteForByte() throws Exception {
		// given the weekly report with every section, run once with the default
		// file-based H2
		String from = "2026-11-09T00:00:00+01:00";
		String to = "2026-11-16T00:00:00+01:00";
		try (ConfigurableApplicationContext h2 = startNode("h2")) {
			ReportOutcome outcome = h2.getBean(ReportLauncher.class).launch(request(WEEKLY, from, to, "h2-output"));
			assertThat(outcome.result()).as(outcome.message()).isEqualTo(ReportOutcome.Result.COMPLETED);
		}

		// when it runs with the job repository on PostgreSQL
		ReportOutcome outcome = launcher.launch(request(WEEKLY, from, to, "postgres-output"));

		// then it ran on PostgreSQL and wrote the same files
		assertThat(productName()).isEqualTo("PostgreSQL");
		assertThat(outcome.result()).as(outcome.message()).isEqualTo(ReportOutcome.Result.COMPLETED);
		Path onH2 = workDir.resolve("h2-output/weekly-performance/1234567/2026-11-09_2026-11-16");
		Path onPostgres = workDir.resolve("postgres-output/weekly-performance/1234567/2026-11-09_2026-11-16");
		for (String file : STEADY_FILES) {
			assertThat(Files.readAllBytes(onPostgres.resolve(file))).as(file)
				.isEqualTo(Files.readAllBytes(onH2.resolve(file)));
		}
		assertThat(Files.readAllLines(onPostgres.resolve("key-transactions.csv")))
			.hasSameSizeAs(Files.readAllLines(onH2.resolve("key-transactions.csv")))
			.hasSize(1 + sandbox.account().keyTransactions().size());
	}

	@Test
	void anotherNodeOnTheSameDatabaseRefusesACompletedReportAndRange() throws IOException {
		// given a report and range completed by this node
		ReportRequest request = request(USAGE, "2026-10-01T00:00:00+02:00", "2026-11-01T00:00:00+01:00", "first-node");
		assertThat(launcher.launch(request).result()).isEqualTo(ReportOutcome.Result.COMPLETED);
		long requestsBefore = sandbox.requests().total();

		// when a second node starts on the same database, its tables already there, and
		// launches the same
		ReportOutcome again;
		List<ReportRuns.RunSummary> runs;
		try (ConfigurableApplicationContext secondNode = startNode("second-node", database.arguments())) {
			again = secondNode.getBean(ReportLauncher.class).launch(request);
			runs = secondNode.getBean(ReportRuns.class).recent(10);
		}

		// then it is refused as completed before, without a request to the service, and
		// the run is in its list
		assertThat(again.result()).isEqualTo(ReportOutcome.Result.ALREADY_COMPLETED);
		assertThat(again.message()).contains("completed before");
		assertThat(sandbox.requests().total()).isEqualTo(requestsBefore);
		assertThat(runs).anySatisfy(run -> {
			assertThat(run.report()).isEqualTo(USAGE);
			assertThat(run.from()).isEqualTo("2026-10-01T00:00:00+02:00");
			assertThat(run.status()).isEqualTo("COMPLETED");
		});
	}

	@Test
	void aFailedRunIsRestartedFromWhereItFailed() throws Exception {
		// given a run that fetched everything, then failed to write its files: a file is
		// where its directory goes
		Path output = Files.writeString(workDir.resolve("blocked"), "not a directory");
		TimeRange range = TimeRange.parse("2026-09-01T00:00:00+02:00", "2026-10-01T00:00:00+02:00");
		JobExecution failed = jobOperator.start(reportJob,
				new ReportRun(USAGE, sandbox.baseUrl().toString(), TestSandbox.DEMO_ACCOUNT, range, output, null)
					.toJobParameters());
		assertThat(failed.getStatus()).isEqualTo(BatchStatus.FAILED);
		long requestsBefore = sandbox.requests().total();

		// when the obstacle is gone and the run is restarted
		Files.delete(output);
		ReportOutcome restarted = launcher.restart(failed.getId());

		// then it completes from the staging tables its first attempt left, without
		// fetching anything again
		assertThat(restarted.result()).as(restarted.message()).isEqualTo(ReportOutcome.Result.COMPLETED);
		assertThat(restarted.executionId()).isNotEqualTo(failed.getId());
		assertThat(output.resolve("monthly-usage/1234567/2026-09-01_2026-10-01/usage.csv")).isRegularFile();
		assertThat(sandbox.requests().total()).isEqualTo(requestsBefore);
	}

	private static ReportRequest request(String report, String from, String to, String outputName) {
		return new ReportRequest(report, RequestedRange.typed(from, to), workDir.resolve(outputName), false);
	}

	private String productName() throws Exception {
		try (Connection connection = dataSource.getConnection()) {
			return connection.getMetaData().getDatabaseProductName();
		}
	}

	/**
	 * Another node: a context of its own against the same sandbox, on H2 unless given a
	 * database's arguments.
	 */
	private static ConfigurableApplicationContext startNode(String name, List<String> databaseArguments)
			throws IOException {
		List<String> arguments = new ArrayList<>(sandbox.arguments(workDir.resolve(name)));
		arguments.addAll(databaseArguments);
		return new SpringApplicationBuilder(ApmReportsApplication.class).web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.run(arguments.toArray(String[]::new));
	}

	private static ConfigurableApplicationContext startNode(String name) throws IOException {
		return startNode(name, List.of());
	}

}
