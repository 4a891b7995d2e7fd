package io.apmreports.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.apmreports.definition.SourceKind;
import io.apmreports.sandbox.NerdGraphLimits;
import io.apmreports.sandbox.SandboxOptions;

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

	@Test
	void restsMinimumIsThreeRequestsAnApplicationAndWithEverySectionTenMorePerHost() {
		// 450 applications are three pages of 200
		BenchmarkOptions summary = new BenchmarkOptions(450, 2, Duration.ZERO, 8, 0);
		assertThat(RestMinimum.requests(summary, 0)).isEqualTo(3 + 450 * 3);

		// every section: timing, Apdex, errors for this range and the previous one (6),
		// the host list and 2 hosts (3), one trend (1); then one page of key transactions
		BenchmarkOptions every = new BenchmarkOptions(450, 2, Duration.ZERO, 8, 0, SourceKind.NRQL, true);
		assertThat(RestMinimum.requests(every, 0)).isEqualTo(3 + 450 * (6 + 3 + 1) + 1);
		assertThat(RestMinimum.requests(every, 201)).isEqualTo(3 + 450 * (6 + 3 + 1) + 2);
	}

	@Test
	void anNrqlRunReadsTheSandboxsNerdGraphAtItsConcurrencyAndRate() {
		BenchmarkOptions nrql = new BenchmarkOptions(100, 3, Duration.ZERO, 7, 3000, SourceKind.NRQL, true);
		URI graphql = URI.create("http://127.0.0.1:4711/graphql");

		assertThat(Benchmark.sourceArguments(nrql, 1234567, graphql)).containsExactly("--apm.source=nrql",
				"--apm.account-id=1234567", "--apm.nrql.graphql-url=http://127.0.0.1:4711/graphql",
				"--apm.nrql.concurrency=7", "--apm.nrql.rate-limit=3000");
		assertThat(Benchmark.sourceArguments(new BenchmarkOptions(100, 3, Duration.ZERO, 7, 1000), 1234567, graphql))
			.containsExactly("--apm.account-id=1234567", "--report.concurrency=7", "--apm.rate-limit=1000");
	}

	@Test
	void theSandboxLimitsTheFaceTheRunReadsAndLetsTheNrqlRunsQueriesInFlight() {
		// given an NRQL run with more queries in flight than the service allows
		SandboxOptions nrql = Benchmark
			.sandboxOptions(new BenchmarkOptions(10, 1, Duration.ofMillis(5), 40, 3000, SourceKind.NRQL, false), "key");
		SandboxOptions unlimited = Benchmark
			.sandboxOptions(new BenchmarkOptions(10, 1, Duration.ZERO, 5, 0, SourceKind.NRQL, false), "key");
		SandboxOptions rest = Benchmark.sandboxOptions(new BenchmarkOptions(10, 1, Duration.ofMillis(5), 8, 1000),
				"key");

		// then
		assertThat(nrql.nerdGraphLimits().maxInFlight()).isEqualTo(40);
		assertThat(nrql.nerdGraphLimits().nrqlPerMinute()).isEqualTo(3000);
		assertThat(nrql.faults().rateLimitPerMinute()).isZero();
		assertThat(nrql.faults().latency()).isEqualTo(Duration.ofMillis(5));
		assertThat(unlimited.nerdGraphLimits().maxInFlight()).isEqualTo(NerdGraphLimits.service().maxInFlight());
		assertThat(unlimited.nerdGraphLimits().nrqlPerMinute()).isGreaterThan(1_000_000);
		assertThat(rest.faults().rateLimitPerMinute()).isEqualTo(1000);
		assertThat(rest.nerdGraphLimits()).isEqualTo(NerdGraphLimits.service());
	}

	@Test
	void anNrqlResultSaysWhatRestWouldHaveMadeForTheSameReport() {
		BenchmarkOptions options = new BenchmarkOptions(1000, 3, Duration.ofMillis(50), 5, 3000, SourceKind.NRQL, true);
		BenchmarkResult result = new BenchmarkResult(options, 125, Map.of("nrql", 120L, "entity-search", 5L), 11006, 0,
				Duration.ofSeconds(5), BenchmarkResult.lowerBound(125, options), 80, 250, 1000, Duration.ofMillis(7250),
				Duration.ofNanos(-1), steps());

		// 125 queries at 3,000 a minute = 2.5 s, longer than 125 x 50 ms / 5 = 1.25 s
		assertThat(result.lowerBound()).isEqualTo(Duration.ofMillis(2500));
		assertThat(result.toString()).contains("queries                 125 (5 entity-search, 120 nrql)")
			.contains("REST would make 11006 requests for the same report: 88.0 times as many")
			.contains("wall time               5.0 s (lower bound 2.5 s, ratio 2.00)")
			.contains("source, sections        nrql, every section")
			.contains("CPU, report JVM         7.3 s")
			.contains("CPU, sandbox JVM        unknown")
			.contains("steps                   fetchFigures 3.2 s, writeFiles 1.5 s");
	}

	/** A step under a tenth of a second is left out of the result. */
	private static Map<String, Duration> steps() {
		Map<String, Duration> steps = new LinkedHashMap<>();
		steps.put("listApplications", Duration.ofMillis(40));
		steps.put("fetchFigures", Duration.ofMillis(3200));
		steps.put("writeFiles", Duration.ofMillis(1500));
		return steps;
	}

}
