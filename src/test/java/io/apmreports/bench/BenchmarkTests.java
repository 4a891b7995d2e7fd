package io.apmreports.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class BenchmarkTests {

	@Test
	void theLowerBoundIsLatencySharedByTheThreadsOrTheRateLimitWhicheverIsLonger() {
		// 2010 requests x 50 ms / 16 threads = 6.28 s
		BenchmarkOptions latencyBound = new BenchmarkOptions(2000, 3, Duration.ofMillis(50), 16, 0);
		assertThat(BenchmarkResult.lowerBound(2010, latencyBound))
			.isEqualTo(Duration.ofMillis(6281).plusNanos(250_000));

		// 503 requests at 1000 a minute = 30.18 s, longer than 503 x 50 ms / 8 = 3.1 s
		BenchmarkOptions rateBound = new BenchmarkOptions(500, 3, Duration.ofMillis(50), 8, 1000);
		assertThat(BenchmarkResult.lowerBound(503, rateBound)).isEqualTo(Duration.ofMillis(30180));
	}

	@Test
	void sizesAreWholeMegabytesAndAnUnknownOneStaysUnknown() {
		assertThat(Benchmark.megabytes(198L << 20)).isEqualTo(198);
		assertThat(Benchmark.megabytes((61L << 20) + 1000)).isEqualTo(61);
		assertThat(Benchmark.megabytes(-1)).isEqualTo(-1);
	}

	@Test
	void aFailedRunsOwnLastLineIsKeptWhenItsOutputGoes() {
		// given the output of a run that failed, its log lines before its one line on
		// standard error
		String output = """
				10:00:01 Running report weekly-performance
				apm-reports: run 1 failed: the API at http://127.0.0.1:4711 answered 401: the API key was refused
				10:00:02 Closing

				""";

		// then
		assertThat(Benchmark.lastWord(output))
			.isEqualTo(": run 1 failed: the API at http://127.0.0.1:4711 answered 401: the API key was refused");
		assertThat(Benchmark.lastWord("Killed\n")).isEqualTo(": Killed");
		assertThat(Benchmark.lastWord("")).isEmpty();
	}

}
