package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.usermodel.Workbook;
import org.apache.poi.ss.usermodel.WorkbookFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.sandbox.BadBody;
import io.apmreports.sandbox.Faults;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;

/**
 * What a real week brings: applications deleted during the run ({@code gone}, which no
 * relaunch can fix), ones that answer nonsense ({@code failed}, which a relaunch may fix)
 * and an application that stopped reporting (zeros everywhere, so its figures are absent,
 * not 0).
 */
class GoneAndAbsentIntegrationTests {

	private static final String KEY = "real-week-key";

	private static final String WEEK = "weekly-performance/1234567/2026-11-09_2026-11-16/";

	/**
	 * Deleted between the listing and their metric calls: 3 of 13 is 23%, above
	 * report.max-failed-share (10%).
	 */
	private static final Set<Long> DELETED = Set.of(1001L, 1002L, 1003L);

	/**
	 * The demo account's application that stopped reporting: every metric answers zeros.
	 */
	private static final String STOPPED = "1011";

	@TempDir
	Path workDir;

	@Test
	void aWeekWithDeletedApplicationsCompletesWithThemGone() throws IOException {
		// given
		try (SandboxServer sandbox = SandboxServer
			.start(SandboxOptions.demo(KEY).withVanishedApplicationIds(DELETED))) {

			// when the full weekly report runs
			CliRunner.Result result = CliRunner.run(args(sandbox, "deleted", "reports").toArray(String[]::new));

			// then it completes, and says what answered 404 and when
			assertThat(result.exitCode()).as(result.all()).isZero();
			Path directory = workDir.resolve("deleted/out/" + WEEK);
			Map<String, CSVRecord> summary = rows(directory.resolve("summary.csv"), "application_id");
			assertThat(summary).hasSize(13);
			for (Long id : DELETED) {
				CSVRecord row = summary.get(String.valueOf(id));
				assertThat(row.get("status")).isEqualTo("gone");
				assertThat(row.get("status_detail")).contains("/v2/applications/" + id)
					.contains("answered 404")
					.containsPattern(" at 20\\d\\d-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
				assertThat(row.get("response_time_ms")).isEmpty();
			}
			assertThat(summary.values()).filteredOn(row -> row.get("status").equals("failed")).isEmpty();
			List<CSVRecord> hosts = records(directory.resolve("hosts.csv"));
			assertThat(hosts).filteredOn(row -> DELETED.contains(Long.valueOf(row.get("application_id"))))
				.hasSize(3)
				.allSatisfy(row -> assertThat(row.get("status")).isEqualTo("gone"));
			try (Workbook workbook = WorkbookFactory
				.create(directory.resolve("weekly-performance_1234567_2026-11-09_2026-11-16.xlsx").toFile())) {
				Map<String, Cell> overview = overview(workbook.getSheet("Overview"));
				assertThat(overview.get("Failed").getNumericCellValue()).isZero();
				assertThat(overview.get("Gone (deleted during the run)").getNumericCellValue()).isEqualTo(3.0);
			}
		}
	}

	@Test
	void aRelaunchAfterAFailedRunFetchesOnlyTheFailedApplications() throws IOException {
		// given two applications answering nonsense (2 of 12 left is 17%) and one
		// deleted: the run fails
		Faults nonsense = Faults.none().withBadBody(1004, BadBody.HTML).withBadBody(1006, BadBody.TRUNCATED_JSON);
		SandboxOptions deleted = SandboxOptions.demo(KEY).withVanishedApplicationIds(Set.of(1003L));
		List<String> args;
		int port;
		try (SandboxServer bad = SandboxServer.start(deleted.withFaults(nonsense))) {
			args = args(bad, "relaunch", "app/src/test/resources/summary-reports");
			port = bad.baseUrl().getPort();
			CliRunner.Result failed = CliRunner.run(args.toArray(String[]::new));
			assertThat(failed.exitCode()).as(failed.all()).isEqualTo(1);
			assertThat(failed.err()).contains("2 of 12 applications failed");
		}

		// when the service answers properly again, at the same address, and the run is
		// launched again
		try (SandboxServer good = SandboxServer.start(deleted.withPort(port))) {
			CliRunner.Result relaunch = CliRunner.run(args.toArray(String[]::new));

			// then only the two failed applications were fetched, three requests each
			// (timing, Apdex, errors): neither the list, nor the applications done, nor
			// the gone one
			assertThat(relaunch.exitCode()).as(relaunch.all()).isZero();
			assertThat(good.requests().countsByKind()).containsOnly(Map.entry("metric-data", 2 * 3L));
			Map<String, CSVRecord> summary = rows(workDir.resolve("relaunch/out/" + WEEK + "summary.csv"),
					"application_id");
			assertThat(summary.get("1004").get("status")).isEqualTo("ok");
			assertThat(summary.get("1006").get("status")).isEqualTo("ok");
			assertThat(summary.get("1003").get("status")).isEqualTo("gone");
			// and the completed attempt does not carry the failure of the one before
			CliRunner.Result shown = CliRunner.run("show", "2", "--apm.data-dir=" + workDir.resolve("relaunch/data"));
			assertThat(shown.exitCode()).as(shown.all()).isZero();
			assertThat(shown.out()).contains("COMPLETED").doesNotContain("applications failed");
		}
	}

	@Test
	void aWeekInWhichEveryApplicationAnswers404IsNoReport() throws IOException {
		// given an account whose every application answers 404 after the listing: a wrong
		// URL or routing, not a week of deletions
		Set<Long> all = Set.of(1001L, 1002L, 1003L, 1004L, 1005L, 1006L, 1007L, 1008L, 1009L, 1010L, 1011L, 1012L,
				1013L);
		try (SandboxServer sandbox = SandboxServer.start(SandboxOptions.demo(KEY).withVanishedApplicationIds(all))) {

			// when
			CliRunner.Result result = CliRunner
				.run(args(sandbox, "all-gone", "app/src/test/resources/summary-reports").toArray(String[]::new));

			// then
			assertThat(result.exitCode()).as(result.all()).isEqualTo(1);
			assertThat(result.err()).contains("all 13 applications answered 404").contains("apm.base-url");
			assertThat(workDir.resolve("all-gone/out/" + WEEK + "summary.csv")).doesNotExist();
		}
	}

	@Test
	void aStoppedApplicationHasEmptyApdexAndErrorRateInEveryFileAndNoHighlight() throws IOException {
		// given
		try (SandboxServer sandbox = SandboxServer.start(SandboxOptions.demo(KEY))) {

			// when the weekly report (every section but usage) and the usage report run
			CliRunner.Result weekly = CliRunner.run(args(sandbox, "stopped", "reports").toArray(String[]::new));
			List<String> usageArgs = new ArrayList<>(args(sandbox, "stopped", "reports"));
			usageArgs.set(1, "monthly-usage");
			CliRunner.Result usage = CliRunner.run(usageArgs.toArray(String[]::new));

			// then
			assertThat(weekly.exitCode()).as(weekly.all()).isZero();
			assertThat(usage.exitCode()).as(usage.all()).isZero();
			Path directory = workDir.resolve("stopped/out/" + WEEK);
			CSVRecord stopped = rows(directory.resolve("summary.csv"), "application_id").get(STOPPED);
			assertThat(stopped.get("status")).isEqualTo("no_data");
			assertThat(stopped.get("apdex_score")).isEmpty();
			assertThat(stopped.get("error_rate")).isEmpty();
			assertThat(records(directory.resolve("comparison.csv")))
				.filteredOn(row -> row.get("application_id").equals(STOPPED))
				.filteredOn(row -> Set.of("apdex_score", "error_rate").contains(row.get("metric")))
				.hasSize(2)
				.allSatisfy(row -> assertThat(
						List.of(row.get("current"), row.get("previous"), row.get("change"), row.get("change_pct")))
					.containsOnly(""));
			CSVRecord usageRow = rows(
					workDir.resolve("stopped/out/monthly-usage/1234567/2026-11-09_2026-11-16/usage.csv"),
					"application_id")
				.get(STOPPED);
			assertThat(usageRow.get("status")).isEqualTo("no_data");
			assertThat(usageRow.get("share_of_calls")).isNotEqualTo("NaN");
			try (Workbook workbook = WorkbookFactory
				.create(directory.resolve("weekly-performance_1234567_2026-11-09_2026-11-16.xlsx").toFile())) {
				Sheet sheet = workbook.getSheet("Summary");
				List<String> headers = new ArrayList<>();
				sheet.getRow(0).forEach(cell -> headers.add(cell.getStringCellValue()));
				Row row = rowOf(sheet, Long.parseLong(STOPPED));
				// the low-Apdex and high-error-rate rules test ISNUMBER first: an empty
				// cell is never highlighted
				assertThat(blank(row.getCell(headers.indexOf("Apdex score")))).isTrue();
				assertThat(blank(row.getCell(headers.indexOf("Error rate")))).isTrue();
			}
		}
	}

	private List<String> args(SandboxServer sandbox, String name, String definitions) throws IOException {
		Path keyFile = Files.writeString(workDir.resolve(name + ".key"), KEY);
		return List.of("run", "weekly-performance", "--from=2026-11-09T00:00:00+01:00",
				"--to=2026-11-16T00:00:00+01:00", "--report.definitions=" + definitions,
				"--apm.base-url=" + sandbox.baseUrl(), "--apm.nrql.graphql-url=" + sandbox.graphqlUrl(),
				"--apm.account-id=" + sandbox.options().accountId(), "--apm.api-key-file=" + keyFile,
				"--apm.data-dir=" + workDir.resolve(name + "/data"), "--output-dir=" + workDir.resolve(name + "/out"),
				"--apm.retry.initial-backoff=1ms", "--apm.retry.max-backoff=4ms", "--apm.retry.max-wait=4ms",
				"--apm.rate-limit=0");
	}

	private static Map<String, Cell> overview(Sheet sheet) {
		Map<String, Cell> values = new HashMap<>();
		for (Row row : sheet) {
			Cell label = row.getCell(0);
			if (label != null && label.getCellType() == CellType.STRING && row.getCell(1) != null) {
				values.put(label.getStringCellValue(), row.getCell(1));
			}
		}
		return values;
	}

	private static Row rowOf(Sheet sheet, long applicationId) {
		for (Row row : sheet) {
			Cell id = row.getCell(0);
			if (id != null && id.getCellType() == CellType.NUMERIC && id.getNumericCellValue() == applicationId) {
				return row;
			}
		}
		throw new AssertionError("no row for application " + applicationId);
	}

	private static boolean blank(Cell cell) {
		return cell == null || cell.getCellType() == CellType.BLANK;
	}

	private static Map<String, CSVRecord> rows(Path csv, String key) throws IOException {
		return records(csv).stream().collect(Collectors.toMap(row -> row.get(key), Function.identity()));
	}

	private static List<CSVRecord> records(Path csv) throws IOException {
		try (Reader reader = Files.newBufferedReader(csv)) {
			return CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get().parse(reader).getRecords();
		}
	}

}
