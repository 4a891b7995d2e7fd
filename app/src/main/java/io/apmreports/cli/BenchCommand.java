package io.apmreports.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.Callable;

import org.springframework.util.FileSystemUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import io.apmreports.definition.SourceKind;
import io.apmreports.demo.Benchmark;
import io.apmreports.demo.BenchmarkOptions;
import io.apmreports.failure.UserFacingException;
import io.apmreports.job.ReportProperties;
import io.apmreports.source.nrql.NrqlProperties;

/**
 * {@code bench}: measures a run against a synthetic account, in a temporary directory
 * removed when it ends.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, description = {
		"Measures a run against a synthetic account: requests, wall time, memory and write speed against their "
				+ "lower bounds.",
		"The run is the weekly report in a JVM of its own; its files go in a temporary directory, removed when it "
				+ "ends." })
final class BenchCommand implements Callable<Integer> {

	@Spec
	CommandSpec spec;

	private int applications;

	private int hostsPerApplication;

	private int latencyMs;

	private Integer concurrency;

	private int rateLimit;

	private SourceKind source;

	@Option(names = "--every-section", description = "Give the report every section that costs requests (summary, "
			+ "breakdown, hosts, key transactions, comparison, trends, charts), not only summary and breakdown.")
	private boolean everySection;

	@Option(names = "--apps", paramLabel = "N", required = true, description = "Applications in the account.")
	void applications(int value) {
		applications = atLeast("--apps", value, 1);
	}

	@Option(names = "--hosts-per-app", paramLabel = "H", defaultValue = "3",
			description = "Hosts of each application (default: ${DEFAULT-VALUE}).")
	void hostsPerApplication(int value) {
		hostsPerApplication = atLeast("--hosts-per-app", value, 1);
	}

	@Option(names = "--latency-ms", paramLabel = "L", defaultValue = "0",
			description = "Milliseconds the sandbox waits before every answer (default: ${DEFAULT-VALUE}).")
	void latencyMs(int value) {
		latencyMs = atLeast("--latency-ms", value, 0);
	}

	@Option(names = "--concurrency", paramLabel = "C",
			description = "Applications (for nrql, queries) the run fetches at the same time. Default: the "
					+ "default of the setting report.concurrency (for nrql, apm.nrql.concurrency).")
	void concurrency(int value) {
		concurrency = atLeast("--concurrency", value, 1);
	}

	@Option(names = "--rate-limit", paramLabel = "R", defaultValue = "0", description = "Requests (for nrql, "
			+ "queries) a minute the sandbox allows and the run paces to; 0 for no limit (default: ${DEFAULT-VALUE}).")
	void rateLimit(int value) {
		rateLimit = atLeast("--rate-limit", value, 0);
	}

	@Option(names = "--source", paramLabel = "rest|nrql", defaultValue = "rest",
			description = "The figure source the run reads: rest or nrql (default: ${DEFAULT-VALUE}).")
	void source(String value) {
		source = Arrays.stream(SourceKind.values())
			.filter(kind -> kind.settingValue().equals(value))
			.findFirst()
			.orElseThrow(() -> new ParameterException(spec.commandLine(),
					"--source '" + value + "' is not one of rest, nrql"));
	}

	private int atLeast(String option, int value, int minimum) {
		if (value < minimum) {
			throw new ParameterException(spec.commandLine(),
					option + " '" + value + "' is not a whole number of at least " + minimum);
		}
		return value;
	}

	private int defaultConcurrency() {
		return source == SourceKind.NRQL ? StandaloneSettings.defaults(NrqlProperties.class).concurrency()
				: StandaloneSettings.defaults(ReportProperties.class).concurrency();
	}

	@Override
	public Integer call() {
		BenchmarkOptions options = new BenchmarkOptions(applications, hostsPerApplication, Duration.ofMillis(latencyMs),
				concurrency != null ? concurrency : defaultConcurrency(), rateLimit, source, everySection);
		Path workDir;
		try {
			workDir = Files.createTempDirectory("apm-reports-bench");
		}
		catch (IOException ex) {
			throw new UserFacingException("the benchmark could not create its temporary directory: " + ex.getMessage());
		}
		spec.commandLine().getOut().println("Benchmark in " + workDir + " (removed when done) ...");
		try {
			spec.commandLine().getOut().println(new Benchmark(workDir).run(options));
			return ExitCodes.OK;
		}
		catch (IOException ex) {
			throw new UserFacingException("the benchmark could not run: " + ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return ExitCodes.RUN_FAILED;
		}
		finally {
			try {
				FileSystemUtils.deleteRecursively(workDir);
			}
			catch (IOException ex) {
				spec.commandLine()
					.getErr()
					.println("apm-reports: the benchmark's temporary directory " + workDir + " could not be removed: "
							+ ex.getMessage());
			}
		}
	}

}
