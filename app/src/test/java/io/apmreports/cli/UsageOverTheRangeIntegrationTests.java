package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.apmreports.definition.SourceKind;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.sandbox.SyntheticAccount;

/**
 * The shipped monthly usage report over October, on the demo account with an application
 * retired on the 20th: its calls and, through NRQL, its hosts are October's, and the
 * workbook's subtotal of each team is the sum of that team's rows.
 */
class UsageOverTheRangeIntegrationTests {

	private static final Instant RETIRED = Instant.parse("2026-10-20T00:00:00Z");

	private static final String RANGE = "2026-10-01_2026-11-01";

	private static final long ACCOUNT = SandboxOptions.DEMO_ACCOUNT_ID;

	private static SandboxServer sandbox;

	@TempDir
	Path workDir;

	@BeforeAll
	static void start() {
		sandbox = SandboxServer
			.start(SandboxOptions.demo("user-key").withAccount(SyntheticAccount.demoWithRetired(RETIRED)));
	}

	@AfterAll
	static void stop() {
		sandbox.close();
	}

	@ParameterizedTest
	@EnumSource(SourceKind.class)
	void theRetiredApplicationKeepsItsMonthAndEachTeamItsSubtotal(SourceKind source) throws Exception {
		// given the shipped monthly usage report, grouped by team, over October

		// when it runs
		CliRunner.Result result = run(source);

		// then the retired application has its October calls; through NRQL its October
		// hosts, through REST, which knows only the present, none, and the file says so
		assertThat(result.exitCode()).as(result.all()).isZero();
		Path directory = workDir.resolve("out/monthly-usage/" + ACCOUNT + "/" + RANGE);
		List<CSVRecord> rows = rows(directory.resolve("usage.csv"));
		CSVRecord retired = rows.stream()
			.filter(row -> row.get("application_id").equals(Long.toString(SyntheticAccount.RETIRED_ID)))
			.findFirst()
			.orElseThrow();
		assertThat(Double.parseDouble(retired.get("call_volume"))).isPositive();
		assertThat(retired.get("team")).isEqualTo("checkout");
		assertThat(retired.get("account_id")).isEqualTo(Long.toString(ACCOUNT));
		if (source == SourceKind.NRQL) {
			assertThat(retired.get("host_count")).isEqualTo("2");
			assertThat(retired.get("instance_count")).isEqualTo("2");
			assertThat(retired.get("hosts_counted_over")).isEqualTo("range");
		}
		else {
			assertThat(retired.get("host_count")).isEqualTo("0");
			assertThat(retired.get("hosts_counted_over")).isEqualTo("last hour");
		}

		// and the workbook's subtotal of each team is the sum of its rows in the file
		Map<String, double[]> sums = new HashMap<>();
		double[] all = new double[3];
		for (CSVRecord row : rows) {
			double[] team = sums.computeIfAbsent(row.get("team"), key -> new double[3]);
			for (double[] sum : List.of(team, all)) {
				sum[0]++;
				sum[1] += Double.parseDouble(row.get("call_volume"));
				sum[2] += Double.parseDouble(row.get("instance_count"));
			}
		}
		assertThat(sums).containsOnlyKeys("checkout", "platform", "storefront");
		try (XSSFWorkbook workbook = new XSSFWorkbook(
				directory.resolve("monthly-usage_" + ACCOUNT + "_" + RANGE + ".xlsx").toFile())) {
			XSSFSheet byTeam = workbook.getSheet("Usage by team");
			assertThat(byTeam).as("the sheet of subtotals").isNotNull();
			Map<String, double[]> subtotals = new HashMap<>();
			for (Row row : byTeam) {
				if (row.getRowNum() > 0) {
					subtotals.put(row.getCell(1).getStringCellValue(),
							new double[] { number(row.getCell(2)), number(row.getCell(3)), number(row.getCell(5)) });
				}
			}
			assertThat(subtotals).containsOnlyKeys("checkout", "platform", "storefront", "Total");
			sums.forEach((team, sum) -> assertSums(team, subtotals.get(team), sum));
			assertSums("Total", subtotals.get("Total"), all);
		}
	}

	private static void assertSums(String team, double[] subtotal, double[] expected) {
		assertThat(subtotal[0]).as(team + " applications").isEqualTo(expected[0]);
		// the file rounds to whole calls as the sheet does not: within a call per row
		assertThat(subtotal[1]).as(team + " calls").isCloseTo(expected[1], within(expected[0]));
		assertThat(subtotal[2]).as(team + " instances").isEqualTo(expected[2]);
	}

	private static double number(Cell cell) {
		return cell.getNumericCellValue();
	}

	private CliRunner.Result run(SourceKind source) throws IOException {
		Path keyFile = Files.writeString(workDir.resolve("key"), "user-key");
		List<String> args = new ArrayList<>(
				List.of("run", "monthly-usage", "--from=2026-10-01T00:00:00+02:00", "--to=2026-11-01T00:00:00+01:00",
						"--apm.account-id=" + ACCOUNT, "--apm.api-key-file=" + keyFile, "--apm.rate-limit=0",
						"--apm.data-dir=" + workDir.resolve("data"), "--output-dir=" + workDir.resolve("out"),
						"--apm.base-url=" + sandbox.baseUrl(), "--apm.nrql.graphql-url=" + sandbox.graphqlUrl(),
						"--apm.source=" + source.name().toLowerCase(Locale.ROOT)));
		return CliRunner.run(args.toArray(String[]::new));
	}

	private static List<CSVRecord> rows(Path csv) throws IOException {
		try (Reader reader = Files.newBufferedReader(csv);
				CSVParser parser = CSVParser.parse(reader, CSVFormat.RFC4180.builder().setHeader().get())) {
			return parser.getRecords();
		}
	}

}
