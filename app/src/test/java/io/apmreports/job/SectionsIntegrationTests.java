package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.apache.poi.ss.usermodel.Workbook;
import org.apache.poi.ss.usermodel.WorkbookFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.test.JobOperatorTestUtils;
import org.springframework.batch.test.context.SpringBatchTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.apmreports.ApmReportsApplication;
import io.apmreports.range.TimeRange;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.TestSandbox;

/**
 * The weekly report with every section, over HTTP against the sandbox: hosts add up to
 * their application, the comparison's previous figures are those of a separate run over
 * the previous week, and every file and sheet is there.
 */
@SpringBatchTest
@SpringBootTest(classes = ApmReportsApplication.class)
class SectionsIntegrationTests {

	private static final String KEY = "sections-test-key";

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	private static final TimeRange WEEK_BEFORE = TimeRange.parse("2026-11-02T00:00:00+01:00",
			"2026-11-09T00:00:00+01:00");

	@TempDir
	static Path workDir;

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo(KEY));

	@Autowired
	JobOperatorTestUtils jobOperatorTestUtils;

	@Autowired
	JobRepository jobRepository;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws IOException {
		sandbox.register(registry, workDir);
		// the shipped reports, and one with charts but no trends section
		Path definitions = Files.createDirectories(workDir.resolve("definitions"));
		for (String name : List.of("weekly-performance.yml", "monthly-usage.yml")) {
			Files.copy(Path.of("reports", name), definitions.resolve(name));
		}
		Files.writeString(definitions.resolve("charts-only.yml"), """
				title: Charts only
				range: last-week
				time-zone: Europe/Berlin
				formats: [xlsx, csv]
				sections: [summary, charts]
				""");
		registry.add("report.definitions", definitions::toString);
	}

	@Test
	void everySectionIsWrittenAndAddsUp() throws Exception {
		// given the weekly report of the shipped definition, and the same report over the
		// week before
		Path output = workDir.resolve("output");
		Path before = workDir.resolve("before");

		// when
		assertThat(run(WEEK, output)).isEqualTo(BatchStatus.COMPLETED);
		assertThat(run(WEEK_BEFORE, before)).isEqualTo(BatchStatus.COMPLETED);

		// then every file is there
		Path directory = output.resolve("weekly-performance/1234567/2026-11-09_2026-11-16");
		assertThat(directory).isDirectoryContaining("glob:**/summary.csv")
			.isDirectoryContaining("glob:**/hosts.csv")
			.isDirectoryContaining("glob:**/key-transactions.csv")
			.isDirectoryContaining("glob:**/comparison.csv")
			.isDirectoryContaining("glob:**/trend.csv");
		Map<String, CSVRecord> summary = byKey(read(directory.resolve("summary.csv")), "application_id");

		// the hosts of each application add up to its throughput, web and non-web
		Map<String, List<CSVRecord>> hosts = read(directory.resolve("hosts.csv")).stream()
			.collect(Collectors.groupingBy(row -> row.get("application_id")));
		assertThat(hosts.get("1009")).hasSize(12);
		for (String application : List.of("1001", "1005", "1009", "1012")) {
			for (String figure : List.of("throughput_rpm", "non_web_throughput_rpm")) {
				String expected = summary.get(application).get(figure);
				double sum = hosts.get(application).stream().mapToDouble(row -> number(row.get(figure))).sum();
				assertThat(sum).as(figure + " of " + application + "'s hosts")
					.isCloseTo(expected.isEmpty() ? 0 : Double.parseDouble(expected), within(0.0006 * 12));
			}
		}

		// the comparison's previous figures are those of the separate run over the week
		// before
		Map<String, CSVRecord> previous = byKey(
				read(before.resolve("weekly-performance/1234567/2026-11-02_2026-11-09/summary.csv")), "application_id");
		List<CSVRecord> comparison = read(directory.resolve("comparison.csv"));
		assertThat(comparison).hasSize(13 * 13);
		for (CSVRecord row : comparison) {
			String what = row.get("metric") + " of " + row.get("application_id");
			assertSameFigure(row.get("previous"), previous.get(row.get("application_id")).get(row.get("metric")), what);
			assertSameFigure(row.get("current"), summary.get(row.get("application_id")).get(row.get("metric")), what);
		}
		assertThat(comparison).anyMatch(row -> !row.get("previous").isEmpty() && !row.get("change_pct").isEmpty());

		// hourly slices over the week for every web application, and the key transactions
		// of the account
		Map<String, Long> slices = read(directory.resolve("trend.csv")).stream()
			.collect(Collectors.groupingBy(row -> row.get("application_id"), Collectors.counting()));
		assertThat(slices).containsEntry("1001", 168L).doesNotContainKey("1005");
		assertThat(read(directory.resolve("key-transactions.csv"))).extracting(row -> row.get("key_transaction_id"))
			.containsExactlyInAnyOrderElementsOf(
					sandbox.account().keyTransactions().stream().map(kt -> Long.toString(kt.id())).toList());

		// and the workbook has a sheet per section
		try (Workbook workbook = WorkbookFactory
			.create(directory.resolve("weekly-performance_1234567_2026-11-09_2026-11-16.xlsx").toFile())) {
			List<String> sheets = new ArrayList<>();
			workbook.forEach(sheet -> sheets.add(sheet.getSheetName()));
			assertThat(sheets).first().isEqualTo("Overview");
			assertThat(sheets).contains("Summary", "Breakdown", "Hosts", "Key transactions", "Comparison", "Trends",
					"About");
			assertThat(workbook.getSheet("Hosts").getLastRowNum())
				.isEqualTo(hosts.values().stream().mapToInt(List::size).sum());
		}
	}

	@Test
	void usageGivesCallsAndSharesOfTheMonth() throws Exception {
		// given the monthly usage report over October, a month with a daylight saving
		// change
		TimeRange october = TimeRange.parse("2026-10-01T00:00:00+02:00", "2026-11-01T00:00:00+01:00");
		Path output = workDir.resolve("usage");

		// when
		ReportRun run = new ReportRun("monthly-usage", sandbox.baseUrl().toString(), TestSandbox.DEMO_ACCOUNT, october,
				output, null);
		assertThat(jobOperatorTestUtils.startJob(run.toJobParameters()).getStatus()).isEqualTo(BatchStatus.COMPLETED);

		// then calls are web plus non-web calls (1012 has both), throughput is per minute
		// of the month, and the shares of the account's calls add up to one
		Map<String, CSVRecord> usage = byKey(
				read(output.resolve("monthly-usage/1234567/2026-10-01_2026-11-01/usage.csv")), "application_id");
		double calls = SandboxTotals.of(sandbox.account(), 1012, "HttpDispatcher", october).calls()
				+ SandboxTotals.of(sandbox.account(), 1012, "OtherTransaction/all", october).calls();
		assertThat(Double.parseDouble(usage.get("1012").get("call_volume"))).isEqualTo(calls);
		assertThat(Double.parseDouble(usage.get("1012").get("throughput_rpm")))
			.isCloseTo(calls / october.duration().toMinutes(), within(0.0005));
		assertThat(usage.get("1009").get("host_count")).isEqualTo("12");
		assertThat(usage.values().stream().mapToDouble(row -> number(row.get("share_of_calls"))).sum()).isCloseTo(1.0,
				within(13 * 0.0000005));
	}

	@Test
	void chartsWithoutTheTrendsSectionStillFetchTheSeriesTheyDraw() throws Exception {
		// given a report with charts but no trends
		Path output = workDir.resolve("charts");
		ReportRun run = new ReportRun("charts-only", sandbox.baseUrl().toString(), TestSandbox.DEMO_ACCOUNT, WEEK,
				output, null);

		// when
		var execution = jobOperatorTestUtils.startJob(run.toJobParameters());

		// then the series were fetched and staged, and drawn, with no trend file or sheet
		// of their own
		assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
		assertThat(execution.getStepExecutions()).filteredOn(step -> step.getStepName().equals("fetchTrends"))
			.singleElement()
			.satisfies(step -> assertThat(step.getWriteCount()).isEqualTo(13));

		// and each fetch step left its total in the job repository, where a console of
		// another process reads the progress: none for the hosts, which this report has
		// not
		Map<String, Long> totals = jobRepository.getJobExecution(execution.getId())
			.getStepExecutions()
			.stream()
			.filter(step -> step.getExecutionContext().containsKey(RunProgress.TOTAL_KEY))
			.collect(Collectors.toMap(StepExecution::getStepName,
					step -> step.getExecutionContext().getLong(RunProgress.TOTAL_KEY)));
		assertThat(totals).containsOnly(entry("fetchFigures", 13L), entry("fetchPrevious", 0L), entry("fetchHosts", 0L),
				entry("fetchTrends", 13L));
		// and every step of the job has words of its own
		assertThat(execution.getStepExecutions())
			.allSatisfy(step -> assertThat(StepWords.of(step.getStepName())).isNotEqualTo(StepWords.OTHER));
		Path directory = output.resolve("charts-only/1234567/2026-11-09_2026-11-16");
		assertThat(directory.resolve("trend.csv")).doesNotExist();
		try (Workbook workbook = WorkbookFactory
			.create(directory.resolve("charts-only_1234567_2026-11-09_2026-11-16.xlsx").toFile())) {
			assertThat(workbook.getSheet("Charts")).isNotNull();
			assertThat(workbook.getSheet("Trends")).isNull();
		}
	}

	private BatchStatus run(TimeRange range, Path output) throws Exception {
		ReportRun run = new ReportRun("weekly-performance", sandbox.baseUrl().toString(), TestSandbox.DEMO_ACCOUNT,
				range, output, null);
		return jobOperatorTestUtils.startJob(run.toJobParameters()).getStatus();
	}

	/**
	 * The same figure written by two files, each rounded to its own column's decimals.
	 */
	private static void assertSameFigure(String actual, String expected, String what) {
		if (expected.isEmpty()) {
			assertThat(actual).as(what).isEmpty();
		}
		else {
			assertThat(Double.parseDouble(actual)).as(what).isCloseTo(Double.parseDouble(expected), within(0.0005));
		}
	}

	private static double number(String text) {
		return text.isEmpty() ? 0 : Double.parseDouble(text);
	}

	private static Map<String, CSVRecord> byKey(List<CSVRecord> rows, String key) {
		Map<String, CSVRecord> map = new HashMap<>();
		rows.forEach(row -> map.put(row.get(key), row));
		return map;
	}

	private static List<CSVRecord> read(Path csv) throws IOException {
		try (Reader reader = Files.newBufferedReader(csv)) {
			return CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get().parse(reader).getRecords();
		}
	}

}
