package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.usermodel.Workbook;
import org.apache.poi.ss.usermodel.WorkbookFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.test.JobOperatorTestUtils;
import org.springframework.batch.test.context.SpringBatchTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.apmreports.ApmReportsApplication;
import io.apmreports.range.TimeRange;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SyntheticAccount;
import io.apmreports.testing.TestSandbox;

/**
 * Runs the whole report job over HTTP against the sandbox and checks figures, one
 * application per rule of section 4.7, against values computed here by hand from the
 * sandbox's raw numbers.
 */
@SpringBatchTest
@SpringBootTest(classes = ApmReportsApplication.class)
class ReportJobIntegrationTests {

	private static final String KEY = "job-test-key";

	/** Listed, then deleted before its metrics are fetched. */
	private static final long VANISHED = 1013;

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	@TempDir
	static Path workDir;

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox
		.of(SandboxOptions.demo(KEY).withVanishedApplicationIds(Set.of(VANISHED)));

	@Autowired
	JobOperatorTestUtils jobOperatorTestUtils;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws IOException {
		sandbox.register(registry, workDir);
		registry.add("report.definitions", () -> "app/src/test/resources/summary-reports");
	}

	@Test
	void reportsEveryApplicationOfSeveralPagesWithHandComputedFigures() throws Exception {
		// given a demo account of 13 applications on pages of 5
		Path output = workDir.resolve("output");
		ReportRun run = new ReportRun("weekly-performance", sandbox.baseUrl().toString(), TestSandbox.DEMO_ACCOUNT,
				WEEK, output, null);

		// when
		JobExecution execution = jobOperatorTestUtils.startJob(run.toJobParameters());

		// then
		assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
		Path directory = output.resolve("weekly-performance/1234567/2026-11-09_2026-11-16");
		Map<Long, CSVRecord> rows = readSummary(directory.resolve("summary.csv"));
		SyntheticAccount account = sandbox.account();
		assertThat(rows.keySet()).containsExactlyInAnyOrderElementsOf(
				account.applications().stream().map(application -> application.id()).toList());
		// the fewest requests this report allows: 3 pages of applications, then per
		// application one summarized request per value family (timing, Apdex, errors),
		// and no metric-name listing, as every datastore type of the account is among the
		// usual ones; the vanished application fails at its first request
		assertThat(sandbox.requests().countsByKind()).containsOnly(entry("applications", 3L),
				entry("metric-data", 12 * 3 + 1L));
		assertThat(sandbox.requests().total()).isEqualTo(3 + 12 * 3 + 1);

		checkWebApplicationWithQueuingAndDatastores(account, rows.get(1001L));
		checkOldRubyAgent(account, rows.get(1003L));
		checkGenericDatabaseAndCache(account, rows.get(1008L));
		checkAgentWithoutWebTransactionTotalTime(account, rows.get(1007L));
		checkNonWebWorker(account, rows.get(1005L));
		checkZeroQueueTime(account, rows.get(1002L));
		checkNotReporting(rows.get(1011L));
		checkApdexAndErrorRate(account, rows.get(1012L));

		CSVRecord vanished = rows.get(VANISHED);
		assertThat(vanished.get("status")).isEqualTo("gone");
		assertThat(vanished.get("status_detail")).contains("answered 404").containsPattern(" at \\d{4}-\\d\\d-\\d\\dT");
		assertThat(vanished.get("throughput_rpm")).isEmpty();

		checkWorkbookMatchesCsv(directory.resolve("weekly-performance_1234567_2026-11-09_2026-11-16.xlsx"), rows);
	}

	// Response time with request queuing; datastore time summed over Postgres and Redis;
	// external; application time.
	private void checkWebApplicationWithQueuingAndDatastores(SyntheticAccount account, CSVRecord row) {
		SandboxTotals dispatcher = SandboxTotals.of(account, 1001, "HttpDispatcher", WEEK);
		SandboxTotals queue = SandboxTotals.of(account, 1001, "WebFrontend/QueueTime", WEEK);
		SandboxTotals total = SandboxTotals.of(account, 1001, "WebTransactionTotalTime", WEEK);
		double datastore = SandboxTotals.of(account, 1001, "Datastore/Postgres/allWeb", WEEK).perCallOf(dispatcher)
				+ SandboxTotals.of(account, 1001, "Datastore/Redis/allWeb", WEEK).perCallOf(dispatcher);
		double external = SandboxTotals.of(account, 1001, "External/allWeb", WEEK).perCallOf(dispatcher);
		double queuing = queue.perCallOf(dispatcher);

		assertFigure(row, "throughput_rpm", dispatcher.requestsPerMinute());
		assertFigure(row, "response_time_ms", dispatcher.averageTime() + queuing);
		assertFigure(row, "request_queuing_ms", queuing);
		assertFigure(row, "web_transaction_time_ms", total.averageTime());
		assertFigure(row, "datastore_ms", datastore);
		assertFigure(row, "external_ms", external);
		assertFigure(row, "application_time_ms", total.averageTime() - datastore - external);
		assertEmpty(row, "database_ms", "ruby_database_ms", "cache_ms", "non_web_throughput_rpm");
		assertThat(row.get("status")).isEqualTo("ok");
	}

	// Rule 3: ActiveRecord/all replaces Database/allWeb for a Ruby agent older than
	// 3.11.0.
	private void checkOldRubyAgent(SyntheticAccount account, CSVRecord row) {
		SandboxTotals dispatcher = SandboxTotals.of(account, 1003, "HttpDispatcher", WEEK);
		SandboxTotals total = SandboxTotals.of(account, 1003, "WebTransactionTotalTime", WEEK);
		double orm = SandboxTotals.of(account, 1003, "ActiveRecord/all", WEEK).perCallOf(dispatcher);
		double external = SandboxTotals.of(account, 1003, "External/allWeb", WEEK).perCallOf(dispatcher);

		assertFigure(row, "ruby_database_ms", orm);
		assertFigure(row, "application_time_ms", total.averageTime() - orm - external);
		assertEmpty(row, "database_ms", "datastore_ms");
	}

	// Rule 2 (generic Database category) and rule 4 (cache only where reported).
	private void checkGenericDatabaseAndCache(SyntheticAccount account, CSVRecord row) {
		SandboxTotals dispatcher = SandboxTotals.of(account, 1008, "HttpDispatcher", WEEK);
		SandboxTotals total = SandboxTotals.of(account, 1008, "WebTransactionTotalTime", WEEK);
		double database = SandboxTotals.of(account, 1008, "Database/allWeb", WEEK).perCallOf(dispatcher);
		double cache = SandboxTotals.of(account, 1008, "Memcache/allWeb", WEEK).perCallOf(dispatcher);
		double external = SandboxTotals.of(account, 1008, "External/allWeb", WEEK).perCallOf(dispatcher);

		assertFigure(row, "database_ms", database);
		assertFigure(row, "cache_ms", cache);
		assertFigure(row, "application_time_ms", total.averageTime() - database - cache - external);
		assertEmpty(row, "datastore_ms", "ruby_database_ms");
	}

	// Web transaction total time falls back to HttpDispatcher for an older agent.
	private void checkAgentWithoutWebTransactionTotalTime(SyntheticAccount account, CSVRecord row) {
		SandboxTotals dispatcher = SandboxTotals.of(account, 1007, "HttpDispatcher", WEEK);
		double datastore = SandboxTotals.of(account, 1007, "Datastore/Redis/allWeb", WEEK).perCallOf(dispatcher);
		double external = SandboxTotals.of(account, 1007, "External/allWeb", WEEK).perCallOf(dispatcher);

		assertFigure(row, "web_transaction_time_ms", dispatcher.averageTime());
		assertFigure(row, "application_time_ms", dispatcher.averageTime() - datastore - external);
	}

	private void checkNonWebWorker(SyntheticAccount account, CSVRecord row) {
		assertFigure(row, "non_web_throughput_rpm",
				SandboxTotals.of(account, 1005, "OtherTransaction/all", WEEK).requestsPerMinute());
		assertEmpty(row, "throughput_rpm", "response_time_ms", "web_transaction_time_ms", "application_time_ms");
		assertThat(row.get("status")).isEqualTo("ok");
	}

	// Queue time present but zero is a zero, not an absence; absent queue time would be
	// empty.
	private void checkZeroQueueTime(SyntheticAccount account, CSVRecord row) {
		assertThat(row.get("request_queuing_ms")).isEqualTo("0");
		assertFigure(row, "response_time_ms", SandboxTotals.of(account, 1002, "HttpDispatcher", WEEK).averageTime());
	}

	// Apdex from its own family; error rate over web and non-web calls (1012 has both).
	private void checkApdexAndErrorRate(SyntheticAccount account, CSVRecord row) {
		double calls = SandboxTotals.of(account, 1012, "HttpDispatcher", WEEK).calls()
				+ SandboxTotals.of(account, 1012, "OtherTransaction/all", WEEK).calls();
		assertThat(Double.parseDouble(row.get("apdex_score"))).isCloseTo(SandboxTotals.apdex(account, 1012, WEEK),
				within(0.0000005));
		assertThat(Double.parseDouble(row.get("error_rate")))
			.isCloseTo(SandboxTotals.errors(account, 1012, WEEK) / calls, within(0.0000005));
		assertThat(row.get("non_web_throughput_rpm")).isNotEmpty();
	}

	// HttpDispatcher:call_count of zero: throughput zero, every component empty, never
	// NaN.
	private void checkNotReporting(CSVRecord row) {
		assertThat(row.get("status")).isEqualTo("no_data");
		assertThat(row.get("throughput_rpm")).isEqualTo("0");
		assertEmpty(row, "response_time_ms", "web_transaction_time_ms", "application_time_ms", "datastore_ms");
	}

	private void checkWorkbookMatchesCsv(Path workbookFile, Map<Long, CSVRecord> rows) throws IOException {
		try (Workbook workbook = WorkbookFactory.create(workbookFile.toFile())) {
			Sheet summary = workbook.getSheet("Summary");
			assertThat(summary.getLastRowNum()).isEqualTo(rows.size());
			List<String> headers = rows.get(1001L).getParser().getHeaderNames();
			for (Row row : summary) {
				if (row.getRowNum() == 0) {
					continue;
				}
				CSVRecord csv = rows.get((long) row.getCell(0).getNumericCellValue());
				int responseTime = headers.indexOf("response_time_ms");
				String expected = csv.get("response_time_ms");
				if (expected.isEmpty()) {
					assertThat(row.getCell(responseTime)).isNull();
				}
				else {
					assertThat(row.getCell(responseTime).getNumericCellValue()).isCloseTo(Double.parseDouble(expected),
							within(0.0005));
				}
			}
		}
	}

	private static void assertFigure(CSVRecord row, String column, double expected) {
		assertThat(row.get(column)).as(column + " of " + row.get("application_name")).isNotEmpty();
		assertThat(Double.parseDouble(row.get(column))).as(column + " of " + row.get("application_name"))
			.isCloseTo(expected, within(0.0005 + 1e-9 * Math.abs(expected)));
	}

	private static void assertEmpty(CSVRecord row, String... columns) {
		for (String column : columns) {
			assertThat(row.get(column)).as(column + " of " + row.get("application_name")).isEmpty();
		}
	}

	private static Map<Long, CSVRecord> readSummary(Path csv) throws IOException {
		Map<Long, CSVRecord> rows = new HashMap<>();
		try (Reader reader = Files.newBufferedReader(csv)) {
			for (CSVRecord record : CSVFormat.RFC4180.builder()
				.setHeader()
				.setSkipHeaderRecord(true)
				.get()
				.parse(reader)) {
				rows.put(Long.parseLong(record.get("application_id")), record);
			}
		}
		return rows;
	}

}
