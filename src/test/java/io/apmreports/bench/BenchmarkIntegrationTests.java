package io.apmreports.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
		assertThat(workDir.resolve("output/weekly-performance/2026-11-09_2026-11-16/summary.csv")).isRegularFile();
	}

}
