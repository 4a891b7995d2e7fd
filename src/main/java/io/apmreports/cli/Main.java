package io.apmreports.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.apmreports.ApmReportsApplication;
import io.apmreports.UserFacingException;
import io.apmreports.apm.ApiKeys;
import io.apmreports.job.ReportLauncher;
import io.apmreports.job.ReportOutcome;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;

/**
 * The command line of apm-reports. Exit codes: 0 done, 1 the run failed, 2 bad input (one line on standard error).
 */
public final class Main {

	static final int OK = 0;

	static final int RUN_FAILED = 1;

	static final int BAD_INPUT = 2;

	private final PrintStream out;

	private final PrintStream err;

	Main(PrintStream out, PrintStream err) {
		this.out = out;
		this.err = err;
	}

	public static void main(String[] args) {
		System.exit(new Main(System.out, System.err).execute(args));
	}

	int execute(String... args) {
		try {
			CommandLine commandLine = CommandLine.parse(args);
			return switch (commandLine.command()) {
				case "run" -> run(commandLine);
				case "sandbox" -> sandbox(commandLine);
				default -> {
					out.println(CommandLine.USAGE);
					yield OK;
				}
			};
		}
		catch (RuntimeException ex) {
			UserFacingException userFacing = userFacing(ex);
			if (userFacing != null) {
				err.println("apm-reports: " + userFacing.getMessage());
				return BAD_INPUT;
			}
			err.println("apm-reports: unexpected error: " + rootCause(ex) + " (details in the log file)");
			// a logger outside io.apmreports goes to the log file only, keeping the console to one line
			org.slf4j.LoggerFactory.getLogger("apm-reports.failures").error("Unexpected error", ex);
			return RUN_FAILED;
		}
	}

	private int run(CommandLine commandLine) {
		var request = commandLine.reportRequest();
		List<String> springArgs = new ArrayList<>(commandLine.springArguments());
		if (commandLine.flag("demo")) {
			springArgs.add("--apm.demo=true");
		}
		try (ConfigurableApplicationContext context = startSpring(springArgs)) {
			ReportOutcome outcome = context.getBean(ReportLauncher.class).launch(request);
			return report(outcome);
		}
	}

	private int report(ReportOutcome outcome) {
		switch (outcome.result()) {
			case COMPLETED -> {
				out.println("Report for " + outcome.range() + " written:");
				outcome.files().forEach(file -> out.println("  " + file));
				return OK;
			}
			case ALREADY_COMPLETED -> {
				out.println(outcome.message());
				return OK;
			}
			default -> {
				err.println("apm-reports: run " + outcome.executionId() + " failed: " + outcome.message());
				return RUN_FAILED;
			}
		}
	}

	private int sandbox(CommandLine commandLine) {
		String key = System.getenv(ApiKeys.ENVIRONMENT_VARIABLE);
		boolean demoKey = key == null || key.isBlank();
		SandboxOptions options = SandboxOptions.demo(demoKey ? "demo-key" : key).withPort(commandLine.port());
		try (SandboxServer server = SandboxServer.start(options)) {
			out.println("Sandbox listening on " + server.baseUrl() + " (API under /v2); key: "
					+ (demoKey ? "demo-key (set APM_API_KEY to choose one)" : "the value of APM_API_KEY"));
			out.println("Press Ctrl+C to stop.");
			CountDownLatch stopped = new CountDownLatch(1);
			Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown));
			stopped.await();
			return OK;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return OK;
		}
		catch (java.io.UncheckedIOException ex) {
			throw new UserFacingException("the sandbox cannot listen on port " + commandLine.port() + " ("
					+ ex.getCause().getMessage() + ")");
		}
	}

	private static ConfigurableApplicationContext startSpring(List<String> args) {
		return new SpringApplicationBuilder(ApmReportsApplication.class).web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.run(args.toArray(String[]::new));
	}

	static UserFacingException userFacing(Throwable ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof UserFacingException userFacing) {
				return userFacing;
			}
		}
		return null;
	}

	private static String rootCause(Throwable ex) {
		Throwable cause = ex;
		while (cause.getCause() != null) {
			cause = cause.getCause();
		}
		String message = cause.getMessage() == null ? "" : ": " + cause.getMessage().lines().findFirst().orElse("");
		return cause.getClass().getSimpleName() + message;
	}

}
