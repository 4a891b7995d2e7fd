package io.apmreports.demo;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.apmreports.definition.SourceKind;
import io.apmreports.failure.UserFacingException;
import io.apmreports.run.RunStatistics;
import io.apmreports.sandbox.Faults;
import io.apmreports.sandbox.NerdGraphLimits;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.sandbox.SyntheticAccount;

/**
 * Starts a sandbox with a synthetic account of the chosen size, latency and rate limit in
 * this JVM, runs the weekly report against it in a separate JVM (so that the run's memory
 * is its own), and reads the statistics the run leaves beside its log.
 */
public final class Benchmark {

	/** The real service's page size, so that the listing costs what it would. */
	static final int PAGE_SIZE = RestMinimum.PAGE_SIZE;

	/**
	 * The sections that cost requests, beside those of the default definition; usage
	 * needs none of its own.
	 */
	static final String EVERY_SECTION = "sections: [summary, breakdown, hosts, key-transactions, comparison, trends, "
			+ "charts]\n";

	/**
	 * NRQL queries a minute the sandbox allows when the benchmark sets no limit: more
	 * than any run here can ask.
	 */
	static final int UNLIMITED_QUERIES = 100_000_000;

	/**
	 * JVM settings the benchmark runs the report with; documented in the docs as the
	 * recommended ones. Chosen by measurement at 10,000 applications with every section:
	 * in 96 MB the serial collector spent a third of the run's CPU in full collections,
	 * 192 MB cut the CPU by a fifth, and more bought little for its resident memory; C1
	 * alone compiled for less but ran slower.
	 */
	static final List<String> JVM_OPTIONS = List.of("-Xmx192m", "-XX:+UseSerialGC", "-XX:MaxMetaspaceSize=128m",
			"-Xss512k");

	private static final String DEFINITION = """
			title: Benchmark
			range: last-week
			time-zone: UTC
			formats: [xlsx, csv]
			""";

	private final Path workDir;

	public Benchmark(Path workDir) {
		this.workDir = workDir;
	}

	public BenchmarkResult run(BenchmarkOptions options) throws IOException, InterruptedException {
		String key = SandboxOptions.randomKey();
		try (SandboxServer sandbox = SandboxServer.start(sandboxOptions(options, key))) {
			Path log = workDir.resolve("run.log");
			Duration sandboxBefore = RunStatistics.processCpuTime();
			Process process = new ProcessBuilder(command(options, sandbox, key)).redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.start();
			int exit = process.waitFor();
			Duration sandboxCpu = RunStatistics.processCpuTime().minus(sandboxBefore);
			Path statisticsFile = RunStatistics.file(dataDir());
			if (exit != 0 || !Files.isRegularFile(statisticsFile)) {
				// its output goes with the temporary directory: the run's own last word
				// is kept
				throw new UserFacingException(
						"the benchmark run failed (exit " + exit + ")" + lastWord(Files.readString(log)));
			}
			RunStatistics statistics = RunStatistics.read(statisticsFile);
			long requests = statistics.requests().total();
			long minimum = RestMinimum.requests(options, sandbox.account().keyTransactions().size());
			return new BenchmarkResult(options, requests, statistics.requests().byKind(), minimum,
					sandbox.requests().failures(429), statistics.jobTime(),
					BenchmarkResult.lowerBound(requests, options), megabytes(statistics.peakHeapBytes()),
					megabytes(statistics.peakRssBytes()), statistics.rowsPerSecond(), statistics.cpuTime(),
					sandboxBefore.isNegative() ? sandboxBefore : sandboxCpu, statistics.stepTimes());
		}
	}

	/**
	 * The sandbox: latency on both faces; the rate limit on the face the run reads, and
	 * for NRQL room for the run's queries in flight.
	 */
	static SandboxOptions sandboxOptions(BenchmarkOptions options, String key) {
		SandboxOptions sandbox = new SandboxOptions(0, key, PAGE_SIZE,
				SyntheticAccount.generated(options.applications(), options.hostsPerApplication()));
		Faults faults = Faults.none().withLatency(options.latency());
		if (options.source() == SourceKind.REST) {
			return sandbox.withFaults(faults.withRateLimitPerMinute(options.rateLimit()));
		}
		NerdGraphLimits service = NerdGraphLimits.service();
		return sandbox.withFaults(faults)
			.withNerdGraphLimits(service.withMaxInFlight(Math.max(service.maxInFlight(), options.concurrency()))
				.withNrqlPerMinute(options.rateLimit() > 0 ? options.rateLimit() : UNLIMITED_QUERIES));
	}

	/**
	 * Whole megabytes, or -1 for a size the system does not tell (peak RSS without /proc,
	 * as on macOS).
	 */
	static long megabytes(long bytes) {
		return bytes < 0 ? -1 : bytes >> 20;
	}

	/**
	 * What the run said last about why it failed, as ": <line>"; empty when it said
	 * nothing.
	 */
	static String lastWord(String output) {
		List<String> lines = output.lines().filter(line -> !line.isBlank()).toList();
		String said = lines.stream()
			.filter(line -> line.startsWith("apm-reports: "))
			.reduce((earlier, later) -> later)
			.orElse(lines.isEmpty() ? "" : lines.get(lines.size() - 1));
		return said.isEmpty() ? "" : ": " + said.replaceFirst("^apm-reports: ", "").trim();
	}

	private List<String> command(BenchmarkOptions options, SandboxServer sandbox, String key) throws IOException {
		Path definitions = Files.createDirectories(workDir.resolve("reports"));
		Files.writeString(definitions.resolve("weekly-performance.yml"),
				options.everySection() ? DEFINITION + EVERY_SECTION : DEFINITION);
		Path keyFile = Files.writeString(workDir.resolve("key"), key);
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.addAll(JVM_OPTIONS);
		String classPath = System.getProperty("java.class.path");
		if (classPath.endsWith(".jar") && !classPath.contains(File.pathSeparator)) {
			command.addAll(List.of("-jar", classPath));
		}
		else {
			command.addAll(List.of("-cp", classPath, "io.apmreports.cli.Main"));
		}
		command.addAll(List.of("run", "weekly-performance", "--from=2026-11-09T00:00:00Z", "--to=2026-11-16T00:00:00Z",
				"--apm.base-url=" + sandbox.baseUrl(), "--apm.api-key-file=" + keyFile,
				"--report.data-dir=" + dataDir(), "--output-dir=" + workDir.resolve("output"),
				"--report.definitions=" + definitions,
				"--report.chunk-size=" + Math.max(32, 64 * options.concurrency()), "--report.progress-interval=10s"));
		command.addAll(sourceArguments(options, sandbox.options().accountId(), sandbox.graphqlUrl()));
		return command;
	}

	/** Where the run reads its figures, how many at once and how fast. */
	static List<String> sourceArguments(BenchmarkOptions options, long accountId, URI graphqlUrl) {
		if (options.source() == SourceKind.REST) {
			return List.of("--apm.account-id=" + accountId, "--report.concurrency=" + options.concurrency(),
					"--apm.rate-limit=" + options.rateLimit());
		}
		return List.of("--apm.source=nrql", "--apm.account-id=" + accountId, "--apm.nrql.graphql-url=" + graphqlUrl,
				"--apm.nrql.concurrency=" + options.concurrency(), "--apm.nrql.rate-limit=" + options.rateLimit());
	}

	/** The run's job repository and log, and the statistics it leaves beside them. */
	private Path dataDir() {
		return workDir.resolve("data");
	}

}
