package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.sandbox.NerdGraphLimits;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.sandbox.SyntheticAccount;

/**
 * The weekly report with every section through NRQL, from a NerdGraph face that answers
 * at most 50 facets a query and cuts the rest silently: told the limit, the run sizes its
 * series by their facets alone and writes every file a run under the service's limit
 * writes, in more queries, none of them cut; believing the service's 5,000, it cannot
 * tell a cut answer from a whole one, and its series lose applications.
 */
class NrqlFacetLimitIntegrationTests {

	private static final String KEY = "nrql-facet-limit-key";

	/**
	 * 100 series facets, two names each, by 168 hourly buckets: two queries under the
	 * service's limit (29 applications a query, for the rows an answer holds), three
	 * under 50 facets.
	 */
	private static final int APPLICATIONS = 50;

	private static final int LIMIT = 50;

	private static final String RANGE = "2026-11-09_2026-11-16";

	@TempDir
	static Path workDir;

	private static SandboxServer service;

	private static Path serviceReport;

	@BeforeAll
	static void runUnderTheServicesLimit() throws IOException {
		service = sandbox(NerdGraphLimits.service());
		serviceReport = report(service, "service");
	}

	@AfterAll
	static void stop() {
		service.close();
	}

	@Test
	void toldTheLimitARunSizesItsSeriesUnderItAndWritesTheSameFiles() throws IOException {
		try (SandboxServer fifty = sandbox(NerdGraphLimits.service().withFacetLimit(LIMIT))) {
			// when the run is told the limit
			Path sized = report(fifty, "told", "--apm.nrql.max-facets=" + LIMIT);

			// then its series took three queries (24, 24 and 2 applications: 48 facets at
			// most, whatever their 168 buckets) where the service's limit took two; no
			// answer was cut, and every file is the same
			assertThat(service.requests().seriesRequests()).isEqualTo(2);
			assertThat(fifty.requests().seriesRequests()).isEqualTo(3);
			assertThat(fifty.requests().count("graphql")).isGreaterThan(service.requests().count("graphql"));
			assertThat(fifty.requests().cutAnswers()).isZero();
			assertThat(csvFiles(sized)).containsExactlyElementsOf(csvFiles(serviceReport)).contains("trend.csv");
			for (String csv : csvFiles(serviceReport)) {
				assertThat(Files.readAllBytes(sized.resolve(csv))).as(csv)
					.isEqualTo(Files.readAllBytes(serviceReport.resolve(csv)));
			}
		}
	}

	@Test
	void believingTheServicesLimitARunCannotTellItsCutSeries() throws IOException {
		try (SandboxServer fifty = sandbox(NerdGraphLimits.service().withFacetLimit(LIMIT))) {
			// when the run believes the service's 5,000 facets
			Path believing = report(fifty, "believing");

			// then it asked its series as under the service's limit, in two queries of
			// 58 and 42 facets; the first answer held 50, and the trend file lacks the
			// rest
			assertThat(fifty.requests().seriesRequests()).isEqualTo(2);
			assertThat(fifty.requests().cutAnswers()).isPositive();
			assertThat(Files.readAllLines(believing.resolve("trend.csv")))
				.hasSizeLessThan(Files.readAllLines(serviceReport.resolve("trend.csv")).size());
		}
	}

	/**
	 * A sandbox of the generated account, listing it in pages of 25: the listing asks a
	 * page's host counts in one query (with the service's 5,000 facets, pages of 200
	 * never meet the limit), and this test is about the queries sized by it.
	 */
	private static SandboxServer sandbox(NerdGraphLimits limits) {
		return SandboxServer.start(new SandboxOptions(0, KEY, 25, SyntheticAccount.generated(APPLICATIONS, 1))
			.withNerdGraphLimits(limits));
	}

	/** The report's directory after a run through NRQL. */
	private static Path report(SandboxServer sandbox, String name, String... extra) throws IOException {
		Path keyFile = Files.writeString(workDir.resolve(name + ".key"), KEY);
		List<String> args = new ArrayList<>(List.of("run", "weekly-performance", "--from=2026-11-09T00:00:00+01:00",
				"--to=2026-11-16T00:00:00+01:00", "--apm.source=nrql",
				"--apm.account-id=" + sandbox.options().accountId(), "--apm.nrql.graphql-url=" + sandbox.graphqlUrl(),
				"--apm.api-key-file=" + keyFile, "--apm.data-dir=" + workDir.resolve(name + "/data"),
				"--output-dir=" + workDir.resolve(name + "/out")));
		args.addAll(List.of(extra));
		CliRunner.Result result = CliRunner.run(args.toArray(String[]::new));
		assertThat(result.exitCode()).as(result.all()).isZero();
		return workDir.resolve(name + "/out/weekly-performance/" + sandbox.options().accountId() + "/" + RANGE);
	}

	private static List<String> csvFiles(Path directory) throws IOException {
		try (Stream<Path> files = Files.list(directory)) {
			return files.map(path -> path.getFileName().toString())
				.filter(name -> name.endsWith(".csv"))
				.sorted()
				.toList();
		}
	}

}
