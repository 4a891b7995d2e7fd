package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every CSV of the demo's weekly and monthly reports over a fixed range, compared with
 * the golden files under {@code app/src/test/resources/golden}: a change of any figure,
 * row, column or order fails here. When a change is meant, regenerate them on purpose
 * with the command of docs/development.md ({@code -Dgolden.update=true}) and review the
 * diff before committing it.
 */
class GoldenReportsIntegrationTests {

	private static final Path GOLDEN = Path.of("app/src/test/resources/golden");

	/** The key transactions' figures of the rolling 10 minutes before the run. */
	private static final List<String> NOW_FIGURES = List.of("response_time", "throughput", "error_rate", "apdex_score");

	/** When a key transaction was read, in the report's zone. */
	private static final Pattern FETCHED_AT = Pattern
		.compile("at \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(Z|[+-]\\d\\d:\\d\\d)");

	@TempDir
	Path workDir;

	/**
	 * Both shipped reports through both sources: NRQL must write what REST writes, but
	 * for the columns that are each source's own (hosts' ids, and what the usage's hosts
	 * were counted over).
	 */
	@ParameterizedTest(name = "{0} from {4}")
	@CsvSource({
			"weekly-performance, 2026-11-09T00:00:00+01:00, 2026-11-16T00:00:00+01:00, 2026-11-09_2026-11-16, rest",
			"monthly-usage, 2026-10-01T00:00:00+02:00, 2026-11-01T00:00:00+01:00, 2026-10-01_2026-11-01, rest",
			"weekly-performance, 2026-11-09T00:00:00+01:00, 2026-11-16T00:00:00+01:00, 2026-11-09_2026-11-16, nrql",
			"monthly-usage, 2026-10-01T00:00:00+02:00, 2026-11-01T00:00:00+01:00, 2026-10-01_2026-11-01, nrql" })
	void theDemoReportsWriteTheGoldenFiles(String report, String from, String to, String directory, String source)
			throws IOException {
		// given the demo account, a fixed range and a source

		// when the report runs
		CliRunner.Result result = CliRunner.run("run", report, "--demo", "--from=" + from, "--to=" + to,
				"--apm.data-dir=" + workDir.resolve("data"), "--output-dir=" + workDir.resolve("out"),
				"--apm.source=" + source);

		// then every CSV it wrote is the golden one, and there is a golden one for every
		// CSV
		assertThat(result.exitCode()).as(result.all()).isZero();
		Path written = workDir.resolve("out").resolve(report).resolve("1234567").resolve(directory);
		List<String> csvs = csvs(written);
		assertThat(csvs).isNotEmpty();
		boolean nrql = source.equals("nrql");
		if (Boolean.getBoolean("golden.update") && !nrql) {
			update(report, written, csvs);
		}
		assertThat(csvs).isEqualTo(csvs(GOLDEN.resolve(report)));
		for (String csv : csvs) {
			Path golden = GOLDEN.resolve(report).resolve(csv);
			assertThat(nrql ? withoutHostIds(csv, normalized(written.resolve(csv))) : normalized(written.resolve(csv)))
				.as(report + "/" + csv + " from " + source)
				.isEqualTo(nrql ? withoutHostIds(csv, Files.readString(golden)) : Files.readString(golden));
		}
	}

	private void update(String report, Path written, List<String> csvs) throws IOException {
		Path golden = Files.createDirectories(GOLDEN.resolve(report));
		for (String csv : csvs) {
			Files.writeString(golden.resolve(csv), normalized(written.resolve(csv)));
		}
	}

	/**
	 * The file with what is the run's own moment masked: key transactions are read as
	 * they are now (a rolling 10-minute summary, which the service keeps for no range),
	 * so their figures and the time they were read change with the hour the test runs. An
	 * empty figure stays empty, so the rule that absent is empty is still checked.
	 */
	private static String normalized(Path csv) throws IOException {
		String text = FETCHED_AT.matcher(Files.readString(csv)).replaceAll("at <fetched-at>");
		if (!csv.getFileName().toString().equals("key-transactions.csv")) {
			return text;
		}
		return masked(text, NOW_FIGURES, "<now>");
	}

	/** The CSV with the non-empty values of {@code columns} replaced by {@code mask}. */
	private static String masked(String text, List<String> columns, String mask) throws IOException {
		StringBuilder masked = new StringBuilder();
		try (CSVParser parser = CSVParser.parse(text, CSVFormat.RFC4180.builder().setHeader().get());
				CSVPrinter printer = new CSVPrinter(masked,
						CSVFormat.RFC4180.builder().setHeader(parser.getHeaderNames().toArray(String[]::new)).get())) {
			for (CSVRecord row : parser) {
				List<String> values = new ArrayList<>(row.toList());
				for (String column : columns) {
					int index = parser.getHeaderNames().indexOf(column);
					values.set(index, values.get(index).isEmpty() ? "" : mask);
				}
				printer.printRecord(values);
			}
		}
		return masked.toString();
	}

	/**
	 * The file with each source's own column masked: in hosts.csv the host ids (REST's
	 * are the service's application-host ids, NRQL's number an application's hosts by
	 * name), in usage.csv what the hosts were counted over (NRQL's range, REST's last
	 * hour; the demo's hosts report throughout, so the counts agree).
	 */
	private static String withoutHostIds(String csv, String text) throws IOException {
		return switch (csv) {
			case "hosts.csv" -> masked(text, List.of("host_id"), "<own>");
			case "usage.csv" -> masked(text, List.of("hosts_counted_over"), "<own>");
			default -> text;
		};
	}

	private static List<String> csvs(Path directory) throws IOException {
		if (!Files.isDirectory(directory)) {
			return List.of();
		}
		try (Stream<Path> files = Files.list(directory)) {
			return files.map(file -> file.getFileName().toString())
				.filter(name -> name.endsWith(".csv"))
				.sorted()
				.toList();
		}
	}

}
