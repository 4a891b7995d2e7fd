package io.apmreports.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class BenchmarkTests {

	@Test
	void theLowerBoundIsLatencySharedByTheThreadsOrTheRateLimitWhicheverIsLonger() {
		// 2010 requests x 50 ms / 16 threads = 6.28 s
		BenchmarkOptions latencyBound = new BenchmarkOptions(2000, 3, Duration.ofMillis(50), 16, 0);
		assertThat(BenchmarkResult.lowerBound(2010, latencyBound)).isEqualTo(Duration.ofMillis(6281).plusNanos(250_000));

		// 503 requests at 1000 a minute = 30.18 s, longer than 503 x 50 ms / 8 = 3.1 s
		BenchmarkOptions rateBound = new BenchmarkOptions(500, 3, Duration.ofMillis(50), 8, 1000);
		assertThat(BenchmarkResult.lowerBound(503, rateBound)).isEqualTo(Duration.ofMillis(30180));
	}

}
