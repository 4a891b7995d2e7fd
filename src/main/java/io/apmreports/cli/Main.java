package io.apmreports.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.util.FileSystemUtils;

import io.apmreports.ApmReportsApplication;
import io.apmreports.Failures;
import io.apmreports.UserFacingException;
import io.apmreports.bench.Benchmark;
import io.apmreports.bench.BenchmarkOptions;
import io.apmreports.definition.DefinitionException;
import io.apmreports.delivery.ReportMailer;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.definition.ScheduleDefinition;
import io.apmreports.definition.ScheduleDefinitions;
import io.apmreports.apm.ApiKeys;
import io.apmreports.apm.ApmException;
import io.apmreports.launch.ReportLauncher;
import io.apmreports.report.ReportPreview;
import io.apmreports.launch.ReportRequest;
import io.apmreports.launch.RunFailedException;
import io.apmreports.launch.ReportOutcome;
import io.apmreports.launch.ReportRuns;
import io.apmreports.sandbox.Faults;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;
import io.apmreports.schedule.Scheduler;

/**
 * The command line of apm-reports. Exit codes: 0 done, 1 the run failed, 2 bad input (one line on standard error).
 */
public final class Main {

	static final int OK = 0;

	static final int RUN_FAILED = 1;

	static final int BAD_INPUT = 2;

	private static final long STOP_TIMEOUT_SECONDS = 120;

	private static final String FILE_LOCKED = "The file is locked: ";

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ssxxx");

	private final PrintStream out;

	private final PrintStream err;

	/** Counted down once the context is closed, which closes the job repository: SIGTERM's hook waits for it. */
	private final CountDownLatch springClosed = new CountDownLatch(1);

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
				case "run" -> {
					List<String> recipients = commandLine.recipients();
					commandLine.reportRequest(recipients);
					yield withSpring(commandLine, context -> runJob(context, () -> {
						List<String> to = commandLine.flag("deliver") && recipients.isEmpty()
								? context.getBean(Scheduler.class).recipientsOf(commandLine.operands().get(0))
								: recipients;
						return context.getBean(ReportLauncher.class).launch(commandLine.reportRequest(to));
					}));
				}
				case "preview" -> {
					List<String> recipients = commandLine.recipients();
					var request = commandLine.reportRequest(List.of());
					yield withSpring(commandLine, context -> preview(context, request, recipients));
				}
				case "scheduler" -> withSpring(commandLine, this::scheduler);
				case "restart" -> {
					long runId = commandLine.runId();
					yield withSpring(commandLine, context -> runJob(context,
							() -> context.getBean(ReportLauncher.class).restart(runId)));
				}
				case "runs" -> withSpring(commandLine, context -> runs(context.getBean(ReportRuns.class)
					.recent(commandLine.limit())));
				case "abandon" -> {
					long runId = commandLine.runId();
					yield withSpring(commandLine, context -> {
						out.println(context.getBean(ReportRuns.class).abandon(runId));
						return OK;
					});
				}
				case "show" -> {
					long runId = commandLine.runId();
					yield withSpring(commandLine, context -> show(context.getBean(ReportRuns.class).show(runId)));
				}
				case "sandbox" -> sandbox(commandLine);
				case "bench" -> bench(commandLine);
				case "validate" -> validate(commandLine);
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
				return userFacing instanceof RunFailedException || userFacing instanceof ApmException ? RUN_FAILED
						: BAD_INPUT;
			}
			BindException badSetting = Failures.find(ex, BindException.class).orElse(null);
			if (badSetting != null) {
				err.println("apm-reports: " + BadSetting.describe(badSetting));
				return BAD_INPUT;
			}
			String lockedFile = lockedJobRepository(ex).orElse(null);
			if (lockedFile != null) {
				err.println("apm-reports: the job repository " + lockedFile + " is in use by another apm-reports "
						+ "process (a scheduler?): the H2 file takes one process at a time; wait for it, give this "
						+ "command another --apm.data-dir, or share a PostgreSQL job repository (profile postgres)");
				return RUN_FAILED;
			}
			SQLException unreachable = unreachableDatabase(ex).orElse(null);
			if (unreachable != null) {
				err.println("apm-reports: the job repository's database cannot be reached: "
						+ Failures.firstLine(unreachable.getMessage()) + " (check spring.datasource.url, "
						+ "or APM_REPORTS_DB_URL with the postgres profile)");
				return RUN_FAILED;
			}
			err.println("apm-reports: " + Failures.forUser(ex));
			return RUN_FAILED;
		}
	}

	private int withSpring(CommandLine commandLine, Function<ConfigurableApplicationContext, Integer> command) {
		List<String> springArgs = new ArrayList<>(commandLine.springArguments());
		if (commandLine.flag("demo")) {
			springArgs.add("--apm.demo=true");
			// the in-process sandbox has no rate limit to stay under, unless one is asked for
			if (springArgs.stream().noneMatch(arg -> arg.startsWith("--apm.rate-limit="))) {
				springArgs.add("--apm.rate-limit=0");
			}
		}
		ConfigurableApplicationContext context = startSpring(springArgs);
		try {
			return command.apply(context);
		}
		finally {
			try {
				context.close();
			}
			finally {
				springClosed.countDown();
			}
		}
	}

	private int runJob(ConfigurableApplicationContext context, Supplier<ReportOutcome> job) {
		Optional<Path> outbox = context.getBean(ReportMailer.class).outbox();
		return stoppable(() -> context.getBean(ReportLauncher.class).stopCurrent(), () -> report(job.get(), outbox));
	}

	/**
	 * Runs the report without sending it, then writes its e-mail as an .eml file beside its files, addressed to the
	 * first recipient: those given, or else those of the schedules that send the report.
	 */
	private int preview(ConfigurableApplicationContext context, ReportRequest request, List<String> recipients) {
		List<String> to = recipients.isEmpty() ? context.getBean(Scheduler.class).recipientsOf(request.report())
				: recipients;
		String recipient = to.get(0);
		ReportOutcome outcome = stoppable(() -> context.getBean(ReportLauncher.class).stopCurrent(),
				() -> context.getBean(ReportLauncher.class).launch(request));
		if (outcome.result() != ReportOutcome.Result.COMPLETED
				&& outcome.result() != ReportOutcome.Result.ALREADY_COMPLETED) {
			return report(outcome, Optional.empty());
		}
		Path file = context.getBean(ReportPreview.class).write(outcome.executionId(), recipient);
		out.println("E-mail to " + recipient + " for " + outcome.range() + " written, not sent"
				+ (to.size() > 1 ? " (" + String.join(", ", to.subList(1, to.size()))
						+ " would get the same, each with its own To and Message-ID)" : "")
				+ ":");
		out.println("  " + file);
		return OK;
	}

	/** Runs the schedules until SIGTERM, which lets a run going on stop at the end of its chunk. */
	private int scheduler(ConfigurableApplicationContext context) {
		Scheduler scheduler = context.getBean(Scheduler.class);
		// a bad schedule is one line and exit 2 before anything runs
		List<ScheduleDefinition> schedules = scheduler.enabledSchedules();
		List<String> names = schedules.stream().map(ScheduleDefinition::name).toList();
		if (!names.isEmpty()) {
			// found out now, not at 6 on Monday morning
			context.getBean(ReportMailer.class).checkConfigured();
		}
		context.getBean(ReportMailer.class)
			.outbox()
			.ifPresent(outbox -> out.println("Demo e-mail is written, not sent, to the outbox "
					+ outbox.toAbsolutePath().normalize() + " as .eml files."));
		out.println("Scheduler running " + (names.isEmpty() ? "no enabled schedule" : String.join(", ", names))
				+ "; stop it with Ctrl+C or SIGTERM.");
		return stoppable(scheduler::stop, () -> {
			scheduler.run(schedules);
			return OK;
		});
	}

	private static void askToStop(Runnable stop) {
		try {
			stop.run();
		}
		catch (RuntimeException ex) {
			// the job repository may be gone already; the console keeps its one line, the log file gets the detail
			org.slf4j.LoggerFactory.getLogger("apm-reports.failures").warn("Could not ask the run to stop", ex);
		}
	}

	/**
	 * Runs {@code body} in this thread. On SIGTERM the shutdown hook calls {@code stop} (which asks a run to stop at
	 * the end of its chunk) and waits for the body to end, so that the run ends STOPPED and can be restarted, instead
	 * of being cut off mid-chunk. The hook then waits for the context to close, so that the JVM does not end before the
	 * job repository is closed with what the run saved.
	 */
	private <T> T stoppable(Runnable stop, Supplier<T> body) {
		CountDownLatch finished = new CountDownLatch(1);
		Thread hook = new Thread(() -> {
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STOP_TIMEOUT_SECONDS);
			try {
				// asked again every second: a run that started just after the first ask is stopped too
				do {
					askToStop(stop);
				}
				while (!finished.await(1, TimeUnit.SECONDS) && System.nanoTime() < deadline);
				springClosed.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}, "apm-reports-stop");
		Runtime.getRuntime().addShutdownHook(hook);
		try {
			return body.get();
		}
		finally {
			finished.countDown();
			try {
				Runtime.getRuntime().removeShutdownHook(hook);
			}
			catch (IllegalStateException ex) {
				// the JVM is shutting down already: the hook is running and now sees the run finished
			}
		}
	}

	private int runs(List<ReportRuns.RunSummary> runs) {
		if (runs.isEmpty()) {
			out.println("No runs yet.");
			return OK;
		}
		String format = "%-6s %-24s %-25s %-25s %-10s %-16s %-25s %9s  %-9s  %s%n";
		out.printf(format, "RUN", "REPORT", "FROM", "TO", "STATUS", "ACCOUNT", "STARTED", "DURATION", "E-MAIL",
				"OUTPUT");
		for (ReportRuns.RunSummary run : runs) {
			out.printf(format, run.executionId(), run.report(), run.from(), run.to(), run.status(), run.account(),
					time(run.started()), run.duration() == null ? "" : run.duration().toMillis() / 1000.0 + "s",
					run.email(), run.directory() == null ? "" : run.directory());
		}
		out.println("'show <run-id>' tells one run: its files, e-mail and failure.");
		return OK;
	}

	/** One run, a field a line, for a user who wants to know where its files went or why it failed. */
	private int show(ReportRuns.RunSummary run) {
		out.println("Run:      " + run.executionId());
		out.println("Report:   " + run.report());
		out.println("Range:    " + run.from() + " to " + run.to());
		out.println("Status:   " + run.status());
		out.println("Account:  " + run.account());
		out.println("Started:  " + time(run.started()));
		out.println("Ended:    " + time(run.ended())
				+ (run.duration() == null ? "" : " (" + run.duration().toMillis() / 1000.0 + "s)"));
		out.println("E-mail:   " + (run.recipients().isEmpty() ? "none, files only"
				: run.email() + " (to " + String.join(", ", run.recipients()) + ")"));
		if (!run.failure().isEmpty()) {
			out.println("Failure:  " + run.failure());
		}
		out.println("Files:    " + (run.files().isEmpty() ? "none" : run.directory()));
		run.files().forEach(file -> out.println("  " + file));
		return OK;
	}

	/** To the second and with its offset, so that it is read the same anywhere. */
	private static String time(ZonedDateTime time) {
		return time == null ? "" : TIME.format(time);
	}

	/** Says how a run ended; {@code outbox} is where demo e-mail went instead of an SMTP server, if it did. */
	private int report(ReportOutcome outcome, Optional<Path> outbox) {
		switch (outcome.result()) {
			case COMPLETED -> {
				out.println("Report for " + outcome.range() + " written:");
				outcome.files().forEach(file -> out.println("  " + file));
				if (!outcome.sentTo().isEmpty()) {
					out.println(outbox.map(directory -> "E-mail to " + String.join(", ", outcome.sentTo())
							+ " written, not sent (demo), to the outbox " + directory.toAbsolutePath().normalize())
						.orElse("E-mailed to " + String.join(", ", outcome.sentTo())));
				}
				return OK;
			}
			case ALREADY_COMPLETED -> {
				out.println(outcome.message());
				return OK;
			}
			case BUSY, STOPPED -> {
				err.println("apm-reports: " + outcome.message());
				return RUN_FAILED;
			}
			default -> {
				err.println("apm-reports: run " + outcome.executionId() + " failed: " + outcome.message());
				return RUN_FAILED;
			}
		}
	}

	/**
	 * Loads every report and schedule as a run would, without Spring, the job repository or the network, so that
	 * it can check a change to the definitions anywhere (a CI job, a pre-commit hook). Nothing is printed until all
	 * are loaded: the answer is either the list of good files or the one line about the first bad one.
	 */
	private int validate(CommandLine commandLine) {
		Path reportDirectory = definitionDirectory(commandLine, "report.definitions");
		Path scheduleDirectory = definitionDirectory(commandLine, "schedule.definitions");
		ReportDefinitions reports = new ReportDefinitions(reportDirectory);
		ScheduleDefinitions schedules = new ScheduleDefinitions(scheduleDirectory, reports);
		List<Path> valid = new ArrayList<>();
		for (String name : reports.names()) {
			Path file = reportDirectory.resolve(name + ".yml");
			try {
				reports.load(name);
			}
			catch (DefinitionException ex) {
				// a file name that is no report name is refused before the file is read, without naming the file
				throw ex.getMessage().startsWith(file.toString()) ? ex
						: new DefinitionException(file + ": " + ex.getMessage());
			}
			valid.add(file);
		}
		for (String name : schedules.names()) {
			schedules.load(name);
			valid.add(schedules.file(name));
		}
		valid.forEach(file -> out.println("ok  " + file));
		return OK;
	}

	private static Path definitionDirectory(CommandLine commandLine, String setting) {
		return ReportDefinitions.requireDirectory(commandLine.definitionDirectory(setting), setting);
	}

	private int bench(CommandLine commandLine) {
		BenchmarkOptions options = new BenchmarkOptions(commandLine.number("apps", 0, 1),
				commandLine.number("hosts-per-app", 3, 1), Duration.ofMillis(commandLine.number("latency-ms", 0, 0)),
				commandLine.number("concurrency", 8, 1), commandLine.number("rate-limit", 0, 0));
		Path workDir;
		try {
			workDir = Files.createTempDirectory("apm-reports-bench");
		}
		catch (IOException ex) {
			throw new UserFacingException("the benchmark could not create its temporary directory: " + ex.getMessage());
		}
		out.println("Benchmark in " + workDir + " (removed when done) ...");
		try {
			out.println(new Benchmark(workDir).run(options));
			return OK;
		}
		catch (IOException ex) {
			throw new UserFacingException("the benchmark could not run: " + ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return RUN_FAILED;
		}
		finally {
			try {
				FileSystemUtils.deleteRecursively(workDir);
			}
			catch (IOException ex) {
				err.println("apm-reports: the benchmark's temporary directory " + workDir + " could not be removed: "
						+ ex.getMessage());
			}
		}
	}

	private int sandbox(CommandLine commandLine) {
		String key = System.getenv(ApiKeys.ENVIRONMENT_VARIABLE);
		boolean demoKey = key == null || key.isBlank();
		Faults faults;
		try {
			faults = Faults.parse(commandLine.faultOptions());
		}
		catch (IllegalArgumentException ex) {
			throw new UserFacingException(ex.getMessage());
		}
		SandboxOptions options = SandboxOptions.demo(demoKey ? "demo-key" : key)
			.withPort(commandLine.port())
			.withFaults(faults);
		try (SandboxServer server = SandboxServer.start(options)) {
			out.println("Sandbox listening on " + server.baseUrl() + " (API under /v2); key: "
					+ (demoKey ? "demo-key (set APM_API_KEY to choose one)" : "the value of APM_API_KEY"));
			if (faults.any()) {
				out.println("Faults on: " + faults);
			}
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
		// no Spring shutdown hook: on SIGTERM the context must outlive the stopping run (see runJob)
		return new SpringApplicationBuilder(ApmReportsApplication.class).web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.run(args.toArray(String[]::new));
	}

	/** The failure to connect to the job repository's database (SQLSTATE class 08), if that is what went wrong. */
	static Optional<SQLException> unreachableDatabase(Throwable ex) {
		return Failures.find(ex, SQLException.class)
			.filter(sql -> sql.getSQLState() != null && sql.getSQLState().startsWith("08") && sql.getMessage() != null);
	}

	/** The H2 file another process holds, when that is why the job repository could not be opened. */
	static Optional<String> lockedJobRepository(Throwable ex) {
		// H2 is only on the runtime class path: its exception is known by its message, "The file is locked: <file>"
		return Failures.first(ex, cause -> cause.getMessage() != null && cause.getMessage().startsWith(FILE_LOCKED))
			.map(cause -> cause.getMessage().substring(FILE_LOCKED.length()).replaceFirst(" \\[.*$", "").trim());
	}

	static UserFacingException userFacing(Throwable ex) {
		return Failures.find(ex, UserFacingException.class).orElse(null);
	}

}
