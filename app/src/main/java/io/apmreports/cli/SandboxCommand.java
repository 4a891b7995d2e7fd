package io.apmreports.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import io.apmreports.failure.UserFacingException;
import io.apmreports.sandbox.Faults;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.source.access.ApiKeys;

/**
 * {@code sandbox}: the sandbox alone, for trying a setup or another client, misbehaving
 * on purpose as the fault options say. Every fault is deterministic: the same options
 * fail the same requests.
 */
@Command(name = "sandbox", mixinStandardHelpOptions = true, sortOptions = false, description = {
		"Runs the sandbox alone on 127.0.0.1 until stopped, its key APM_API_KEY (or demo-key when unset).",
		"The fault options make it misbehave as the real service does on a bad day; the same options fail the same "
				+ "requests on every run." })
final class SandboxCommand implements Callable<Integer> {

	@Spec
	CommandSpec spec;

	private int port;

	@Option(names = "--port", paramLabel = "N", defaultValue = "0",
			description = "The port to listen on; 0 for any free one (default: ${DEFAULT-VALUE}).")
	void port(int value) {
		if (value < 0 || value > 65535) {
			throw new ParameterException(spec.commandLine(),
					"--port '" + value + "' is not a port number (0 to 65535)");
		}
		port = value;
	}

	// the fault options are read by their names (see faults()), as Faults.parse takes
	// them

	@Option(names = "--latency-ms", paramLabel = "N", description = "Waits N ms before every answer.")
	String latencyMs;

	@Option(names = "--fail-every", paramLabel = "STATUS:N[:RETRY_AFTER_S][,...]",
			description = "Every N-th request gets STATUS; a 429 carries Retry-After and X-RateLimit-*.")
	String failEvery;

	@Option(names = "--fail-share", paramLabel = "STATUS:P[:RETRY_AFTER_S][,...]",
			description = "A share P (0 to 1) of requests get STATUS.")
	String failShare;

	@Option(names = "--burst-429", paramLabel = "LENGTH:RETRY_AFTER_S:EVERY",
			description = "After every EVERY requests, the next LENGTH get 429 with Retry-After.")
	String burst429;

	@Option(names = "--drop-share", paramLabel = "P", description = "A share of connections closed unanswered.")
	String dropShare;

	@Option(names = "--drop-every", paramLabel = "N", description = "Every N-th connection closed unanswered.")
	String dropEvery;

	@Option(names = "--truncate-share", paramLabel = "P", description = "A share of bodies cut off half-way.")
	String truncateShare;

	@Option(names = "--truncate-every", paramLabel = "N", description = "Every N-th body cut off half-way.")
	String truncateEvery;

	@Option(names = "--slow-body-ms", paramLabel = "N", description = "Every body trickles out over N ms.")
	String slowBodyMs;

	@Option(names = "--rate-limit", paramLabel = "N", description = "More than N requests a minute get 429.")
	String rateLimit;

	@Option(names = "--max-url-length", paramLabel = "N",
			description = "A request whose path and query are longer than N characters gets 414.")
	String maxUrlLength;

	@Option(names = "--error-class-every", paramLabel = "CLASS:N[,...]",
			description = "Every N-th NerdGraph request gets HTTP 200 with error class CLASS (TIMEOUT, "
					+ "INTERNAL_SERVER_ERROR, SERVER_ERROR, TOO_MANY_REQUESTS).")
	String errorClassEvery;

	@Option(names = "--refuse-nrql", paramLabel = "TEXT[,...]",
			description = "Every NRQL query containing TEXT (case ignored) gets HTTP 200 with error class INVALID_INPUT, "
					+ "which no client tries again (TIMESERIES: every trend query).")
	String refuseNrql;

	@Option(names = "--refuse-series", paramLabel = "STATUS[:APPLICATION_ID][,...]",
			description = "Every REST metric data request for a series (not summarized: a trend's) of the "
					+ "application, or of every one, gets STATUS.")
	String refuseSeries;

	@Override
	public Integer call() {
		String key = System.getenv(ApiKeys.environmentVariable());
		boolean demoKey = key == null || key.isBlank();
		Faults faults = faults();
		SandboxOptions options = SandboxOptions.demo(demoKey ? "demo-key" : key).withPort(port).withFaults(faults);
		PrintWriter out = spec.commandLine().getOut();
		try (SandboxServer server = SandboxServer.start(options)) {
			out.println("Sandbox listening on " + server.baseUrl() + " (REST API under /v2, NerdGraph at "
					+ server.graphqlUrl() + " for account " + options.accountId() + "); key: "
					+ (demoKey ? "demo-key (set APM_API_KEY to choose one)" : "the value of APM_API_KEY"));
			if (faults.any()) {
				out.println("Faults on: " + faults);
			}
			out.println("Press Ctrl+C to stop.");
			Sigterm.await();
			return ExitCodes.OK;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return ExitCodes.OK;
		}
		catch (UncheckedIOException ex) {
			throw new UserFacingException(
					"the sandbox cannot listen on port " + port + " (" + ex.getCause().getMessage() + ")");
		}
	}

	private Faults faults() {
		Map<String, String> given = new HashMap<>();
		for (OptionSpec option : spec.commandLine().getParseResult().matchedOptions()) {
			String name = option.longestName().substring(2);
			if (Faults.OPTION_NAMES.contains(name)) {
				given.put(name, option.getValue());
			}
		}
		try {
			return Faults.parse(given);
		}
		catch (IllegalArgumentException ex) {
			throw new UserFacingException(ex.getMessage());
		}
	}

}
