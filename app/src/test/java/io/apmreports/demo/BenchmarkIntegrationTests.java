package io.apmreports.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.definition.SourceKind;

/**
 * The benchmark end to end on a small account: it runs the report in its own JVM and
 * reads what it cost.
 */
class BenchmarkIntegrationTests {

	@TempDir
	Path workDir;

	@Test
	void aSmallRunMakesExactlyTheMinimumOfRequests() throws Exception {
		// given 450 applications: three pages of 200, then three requests per application
		// (timing, Apdex, errors)
		BenchmarkOptions options = new BenchmarkOptions(450, 2, Duration.ZERO, 4, 0);

		// when
		BenchmarkResult result = new Benchmark(workDir).run(options);

		// then
		assertThat(result.minimumRequests()).isEqualTo(3 + 3 * 450);
		assertThat(result.requests()).isEqualTo(result.minimumRequests());
		assertThat(result.rateLimited()).isZero();
		assertThat(result.peakHeapMb()).isPositive();
		assertThat(result.peakRssMb()).isPositive();
		assertThat(result.rowsPerSecond()).isPositive();
		assertThat(workDir.resolve("output/weekly-performance/1234567/2026-11-09_2026-11-16/summary.csv"))
			.isRegularFile();
	}

	@Test
	void everySectionCostsRestItsMinimum() throws Exception {
		// given 30 applications of 2 hosts: one page, then timing, Apdex and errors for
		// both ranges, the host list and each host, the trend; one page of key
		// transactions
		BenchmarkOptions options = new BenchmarkOptions(30, 2, Duration.ZERO, 4, 0, SourceKind.REST, true);

		// when
		BenchmarkResult result = new Benchmark(workDir).run(options);

		// then
		assertThat(result.minimumRequests()).isEqualTo(1 + 30 * (6 + 1 + 2 + 1) + 1);
		assertThat(result.requests()).isEqualTo(result.minimumRequests());
		assertThat(workDir.resolve("output/weekly-performance/1234567/2026-11-09_2026-11-16/hosts.csv"))
			.isRegularFile();
	}

	@Test
	void nrqlAnswersEverySectionWithAFractionOfRestsRequests() throws Exception {
		// given 20 applications of 3 hosts, every section, read through NerdGraph under
		// the vendor's rate limit
		BenchmarkOptions options = new BenchmarkOptions(20, 3, Duration.ZERO, 5, 3000, SourceKind.NRQL, true);

		// when
		BenchmarkResult result = new Benchmark(workDir).run(options);

		// then REST would make 1 page + 20 x (6 + 1 + 3 + 1) + 1 key transaction page
		assertThat(result.minimumRequests()).isEqualTo(1 + 20 * 11 + 1);
		assertThat(result.requests()).isPositive().isLessThan(result.minimumRequests() / 10);
		assertThat(result.requestsByKind()).containsKey("nrql").doesNotContainKeys("applications", "metric-data");
		assertThat(result.rateLimited()).isZero();
		assertThat(workDir.resolve("output/weekly-performance/1234567/2026-11-09_2026-11-16/trend.csv"))
			.isRegularFile();
	}

}
