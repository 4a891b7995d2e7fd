package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.apmreports.definition.SourceKind;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;

/**
 * One report over the demo's two accounts, through both sources: its rows are the rows of
 * each account's own report, each account's figures on the Overview and in the usage
 * subtotals are that report's, and the totals are their sums, to 1e-9. Through REST each
 * account is read with its own key; through NRQL one user key reads both.
 */
class SeveralAccountsReportIntegrationTests {

	private static final long PRODUCTION = SandboxOptions.DEMO_ACCOUNT_ID;

	private static final long STAGING = SandboxOptions.DEMO_STAGING_ACCOUNT_ID;

	private static final String BOTH = PRODUCTION + "," + STAGING;

	private static final String WEEK = "2026-11-09_2026-11-16";

	private static final String MONTH = "2026-10-01_2026-11-01";

	private static SandboxServer sandbox;

	@TempDir
	Path workDir;

	@BeforeAll
	static void start() {
		sandbox = SandboxServer.start(SandboxOptions.demoWithStaging("user-key", "staging-rest-key"));
	}

	@AfterAll
	static void stop() {
		sandbox.close();
	}

	@ParameterizedTest
	@EnumSource(SourceKind.class)
	void theWeeklyReportOfBothAccountsIsTheSumOfEachAccountsReport(SourceKind source) throws Exception {
		// given each account's weekly report, and the one over both
		Path production = report(source, "weekly-performance", Long.toString(PRODUCTION), WEEK);
		Path staging = report(source, "weekly-performance", Long.toString(STAGING), WEEK);
		Path both = report(source, "weekly-performance", BOTH, WEEK);

		// then its rows are each account's rows, each naming its account; the two
		// applications called Checkout Service stay apart
		List<CSVRecord> rows = rows(both.resolve("summary.csv"));
		assertThat(byAccount(rows, PRODUCTION)).isEqualTo(texts(rows(production.resolve("summary.csv"))));
		assertThat(byAccount(rows, STAGING)).isEqualTo(texts(rows(staging.resolve("summary.csv"))));
		assertThat(rows).filteredOn(row -> row.get("application_name").equals("Checkout Service"))
			.extracting(row -> row.get("application_id"))
			.containsExactlyInAnyOrder("1001", "2001");

		// and its Overview gives each account's headlines as its own report does, and
		// the sums of the counts and the traffic over both
		Map<String, Map<String, Double>> blocks = overview(workbook(both, "weekly-performance", BOTH, WEEK));
		Map<String, Double> alone = overview(workbook(production, "weekly-performance", PRODUCTION + "", WEEK))
			.get("The account");
		Map<String, Double> stagingAlone = overview(workbook(staging, "weekly-performance", STAGING + "", WEEK))
			.get("The account");
		assertThat(blocks).containsKeys("All accounts");
		assertSame(block(blocks, "account " + PRODUCTION), alone);
		assertSame(block(blocks, "account " + STAGING), stagingAlone);
		for (String additive : List.of("Applications", "Calls", "Web throughput (rpm)")) {
			assertThat(blocks.get("All accounts").get(additive)).as(additive)
				.isCloseTo(alone.get(additive) + stagingAlone.get(additive), within(1e-9));
		}
	}

	@ParameterizedTest
	@EnumSource(SourceKind.class)
	void theMonthlyUsageOfBothAccountsHasEachAccountsSubtotalsAndTheirSum(SourceKind source) throws Exception {
		// given each account's monthly usage, and the one over both
		Path production = report(source, "monthly-usage", Long.toString(PRODUCTION), MONTH);
		Path staging = report(source, "monthly-usage", Long.toString(STAGING), MONTH);
		Path both = report(source, "monthly-usage", BOTH, MONTH);

		// then each account's team has the subtotal of its own report, and the total is
		// the sum of both reports' totals
		Map<String, double[]> subtotals = subtotals(workbook(both, "monthly-usage", BOTH, MONTH));
		Map<String, double[]> productionAlone = subtotals(
				workbook(production, "monthly-usage", PRODUCTION + "", MONTH));
		Map<String, double[]> stagingAlone = subtotals(workbook(staging, "monthly-usage", STAGING + "", MONTH));
		// and each account's total is its own report's total
		for (long account : List.of(PRODUCTION, STAGING)) {
			double[] accountTotal = subtotals.remove(account + "/Account total");
			double[] alone = (account == PRODUCTION ? productionAlone : stagingAlone).get("Total");
			for (int figure = 0; figure < 3; figure++) {
				assertThat(accountTotal[figure]).as(account + " total " + figure)
					.isCloseTo(alone[figure], within(1e-9));
			}
		}
		Map<String, double[]> expected = new HashMap<>();
		productionAlone.forEach((key, value) -> {
			if (!key.equals("Total")) {
				expected.put(key, value);
			}
		});
		stagingAlone.forEach((key, value) -> {
			if (!key.equals("Total")) {
				expected.put(key, value);
			}
		});
		assertThat(subtotals.keySet()).containsExactlyInAnyOrderElementsOf(withTotal(expected));
		expected.forEach((key, value) -> {
			assertThat(subtotals.get(key)[0]).as(key + " calls").isCloseTo(value[0], within(1e-9));
			assertThat(subtotals.get(key)[1]).as(key + " throughput").isCloseTo(value[1], within(1e-9));
			assertThat(subtotals.get(key)[2]).as(key + " instances").isEqualTo(value[2]);
		});
		for (int figure = 0; figure < 3; figure++) {
			assertThat(subtotals.get("Total")[figure]).as("total " + figure)
				.isCloseTo(productionAlone.get("Total")[figure] + stagingAlone.get("Total")[figure], within(1e-9));
		}
		// and every usage row names its account
		assertThat(rows(both.resolve("usage.csv"))).extracting(row -> row.get("account_id"))
			.containsOnly(Long.toString(PRODUCTION), Long.toString(STAGING));
	}

	@Test
	void anAccountRestHasNoKeyForFailsTheLaunchWithOneLineNamingIt() throws IOException {
		// given the two accounts through REST, without the staging account's key
		CliRunner.Result result = CliRunner.run(args(SourceKind.REST, "weekly-performance", BOTH, WEEK, false));

		// then one line names the account and the setting, and no run is recorded
		assertThat(result.exitCode()).as(result.all()).isNotZero();
		assertThat(result.err().lines().filter(line -> !line.isBlank())).as(result.all())
			.singleElement()
			.asString()
			.contains("no REST key for account " + STAGING)
			.contains("--apm.api-key-files." + STAGING + "=PATH");
		assertThat(CliRunner.run("runs", "--apm.data-dir=" + workDir.resolve("data")).out()).contains("No runs yet");
	}

	private Path report(SourceKind source, String report, String accounts, String range) throws IOException {
		CliRunner.Result result = CliRunner.run(args(source, report, accounts, range, true));
		assertThat(result.exitCode()).as(result.all()).isZero();
		return workDir.resolve("out-" + source.name().toLowerCase(Locale.ROOT))
			.resolve(report)
			.resolve(accounts.replace(',', '+'))
			.resolve(range);
	}

	private String[] args(SourceKind source, String report, String accounts, String range, boolean stagingKey)
			throws IOException {
		Path userKey = Files.writeString(workDir.resolve("user.key"), "user-key");
		Path stagingRestKey = Files.writeString(workDir.resolve("staging.key"), "staging-rest-key");
		String[] dates = range.split("_");
		String from = dates[0] + (range.equals(WEEK) ? "T00:00:00+01:00" : "T00:00:00+02:00");
		String to = dates[1] + "T00:00:00+01:00";
		String sourceName = source.name().toLowerCase(Locale.ROOT);
		List<String> args = new ArrayList<>(List.of("run", report, "--from=" + from, "--to=" + to,
				"--apm.account-id=" + accounts, "--apm.api-key-file=" + userKey, "--apm.source=" + sourceName,
				"--apm.base-url=" + sandbox.baseUrl(), "--apm.nrql.graphql-url=" + sandbox.graphqlUrl(),
				"--apm.rate-limit=0", "--apm.data-dir=" + workDir.resolve("data-" + sourceName),
				"--output-dir=" + workDir.resolve("out-" + sourceName)));
		if (source == SourceKind.REST && stagingKey) {
			// REST's key decides the account: the staging account is read with its own;
			// the user key reads the tags
			args.add("--apm.api-key-files." + STAGING + "=" + stagingRestKey);
		}
		if (!stagingKey) {
			args.set(args.indexOf("--apm.data-dir=" + workDir.resolve("data-" + sourceName)),
					"--apm.data-dir=" + workDir.resolve("data"));
		}
		return args.toArray(String[]::new);
	}

	private static Path workbook(Path directory, String report, String accounts, String range) {
		return directory.resolve(report + "_" + accounts.replace(',', '+') + "_" + range + ".xlsx");
	}

	private static void assertSame(Map<String, Double> actual, Map<String, Double> expected) {
		assertThat(actual.keySet()).containsExactlyInAnyOrderElementsOf(expected.keySet());
		expected.forEach((name, value) -> assertThat(actual.get(name)).as(name).isCloseTo(value, within(1e-9)));
	}

	private static Map<String, Double> block(Map<String, Map<String, Double>> blocks, String account) {
		return blocks.entrySet()
			.stream()
			.filter(block -> block.getKey().contains(account))
			.map(Map.Entry::getValue)
			.findFirst()
			.orElseThrow(() -> new AssertionError("no block for " + account + " in " + blocks.keySet()));
	}

	/**
	 * The Overview's headline blocks: each heading (a row whose second cell is the
	 * period's name) with the figures under it, until an empty row.
	 */
	private static Map<String, Map<String, Double>> overview(Path workbook) throws Exception {
		Map<String, Map<String, Double>> blocks = new LinkedHashMap<>();
		try (XSSFWorkbook book = new XSSFWorkbook(workbook.toFile())) {
			Map<String, Double> block = null;
			for (Row row : book.getSheet("Overview")) {
				Cell label = row.getCell(0);
				Cell value = row.getCell(1);
				if (label == null || label.getCellType() != CellType.STRING || value == null) {
					block = null;
				}
				else if (value.getCellType() == CellType.STRING && value.getStringCellValue().startsWith("Week of ")) {
					block = new LinkedHashMap<>();
					blocks.put(label.getStringCellValue(), block);
				}
				else if (block != null && value.getCellType() == CellType.NUMERIC) {
					block.put(label.getStringCellValue(), value.getNumericCellValue());
				}
			}
		}
		return blocks;
	}

	/**
	 * The "Usage by team" sheet: per account and team, calls, throughput and instances;
	 * the grand total under "Total".
	 */
	private static Map<String, double[]> subtotals(Path workbook) throws Exception {
		Map<String, double[]> subtotals = new HashMap<>();
		try (XSSFWorkbook book = new XSSFWorkbook(workbook.toFile())) {
			Sheet sheet = book.getSheet("Usage by team");
			for (Row row : sheet) {
				if (row.getRowNum() == 0) {
					continue;
				}
				Cell account = row.getCell(0);
				String team = row.getCell(1).getStringCellValue();
				String key = team.equals("Total") ? "Total" : (long) account.getNumericCellValue() + "/" + team;
				subtotals.put(key, new double[] { row.getCell(3).getNumericCellValue(),
						row.getCell(4).getNumericCellValue(), row.getCell(5).getNumericCellValue() });
			}
		}
		return subtotals;
	}

	private static List<String> withTotal(Map<String, double[]> subtotals) {
		List<String> keys = new ArrayList<>(subtotals.keySet());
		keys.add("Total");
		return keys;
	}

	private static List<CSVRecord> rows(Path csv) throws IOException {
		try (Reader reader = Files.newBufferedReader(csv);
				CSVParser parser = CSVParser.parse(reader, CSVFormat.RFC4180.builder().setHeader().get())) {
			return parser.getRecords();
		}
	}

	private static List<List<String>> byAccount(List<CSVRecord> rows, long account) {
		return texts(rows.stream().filter(row -> row.get("account_id").equals(Long.toString(account))).toList());
	}

	private static List<List<String>> texts(List<CSVRecord> rows) {
		return rows.stream().map(CSVRecord::toList).toList();
	}

}
