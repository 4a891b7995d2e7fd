package io.apmreports.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.launch.JobExecutionAlreadyRunningException;
import org.springframework.batch.core.launch.JobExecutionNotRunningException;
import org.springframework.batch.core.launch.JobInstanceAlreadyCompleteException;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.launch.JobRestartException;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.stereotype.Component;

import io.apmreports.Failures;
import io.apmreports.UserFacingException;
import io.apmreports.apm.ApmClient;
import io.apmreports.apm.ApmEndpoint;
import io.apmreports.apm.RequestStats;
import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.delivery.ReportMailer;
import io.apmreports.delivery.SentMessages;
import io.apmreports.range.TimeRange;
import io.apmreports.job.ReportJobConfiguration;
import io.apmreports.job.WriteFilesTasklet;
import io.apmreports.run.CurrentRun;
import io.apmreports.run.LaunchedDefinition;
import io.apmreports.run.ReportProperties;
import io.apmreports.run.ReportRun;

/**
 * Starts, restarts and stops report runs. A launch resolves the range and starts the job with identifying
 * parameters, so that the same report and range continues a failed (or killed) run instead of starting over.
 */
@Component
public class ReportLauncher {

	private static final Logger log = LoggerFactory.getLogger(ReportLauncher.class);

	/** Where a failed run's one line is kept in its execution context, for {@code show}. */
	public static final String FAILURE_KEY = "report.failure";

	/** Tries of a launch that the database refused as conflicting with another node's transaction. */
	private static final int SERIALIZATION_ATTEMPTS = 3;

	private final JobOperator jobOperator;

	private final JobRepository jobRepository;

	private final Job reportJob;

	private final ReportDefinitions definitions;

	private final ReportProperties properties;

	private final Clock clock;

	private final ObjectProvider<ApmEndpoint> endpoint;

	private final boolean demo;

	private final StaleRuns staleRuns;

	private final CurrentRun currentRun;

	private final ObjectProvider<ApmClient> client;

	private final RunLock runLock;

	private final ReportMailer mailer;

	private final SentMessages sentMessages;

	private final LaunchedDefinition launchedDefinition;

	ReportLauncher(JobOperator jobOperator, JobRepository jobRepository, Job reportJob, ReportDefinitions definitions,
			ReportProperties properties, Clock clock, ObjectProvider<ApmEndpoint> endpoint,
			@Value("${apm.demo:false}") boolean demo, StaleRuns staleRuns, CurrentRun currentRun,
			ObjectProvider<ApmClient> client, RunLock runLock, ReportMailer mailer, SentMessages sentMessages,
			LaunchedDefinition launchedDefinition) {
		this.launchedDefinition = launchedDefinition;
		this.client = client;
		this.runLock = runLock;
		this.mailer = mailer;
		this.sentMessages = sentMessages;
		this.jobOperator = jobOperator;
		this.jobRepository = jobRepository;
		this.reportJob = reportJob;
		this.definitions = definitions;
		this.properties = properties;
		this.clock = clock;
		this.endpoint = endpoint;
		this.demo = demo;
		this.staleRuns = staleRuns;
		this.currentRun = currentRun;
	}

	public ReportOutcome launch(ReportRequest request) {
		// read once: the text the range is worked out from is the text the run keeps
		String definitionText = definitions.text(request.report());
		ReportDefinition definition = definitions.parse(request.report(), definitionText);
		TimeRange range = range(request, definition, clock);
		// resolve the endpoint (key, base URL) now, so that a missing key is one line before any job is recorded
		String source = demo ? "demo" : endpoint.getObject().baseUrl().toString();
		Path outputDir = request.outputDir() != null ? request.outputDir()
				: demo ? properties.outputDir().resolve("demo") : properties.outputDir();
		checkWritable(outputDir);
		if (!request.recipients().isEmpty()) {
			mailer.checkConfigured();
		}
		String forcedAt = request.force() ? clock.instant().toString() : null;
		JobParameters first = new ReportRun(definition.name(), source, range, outputDir, forcedAt,
				request.recipients())
			.toJobParameters();
		String what = "report " + definition.name() + " for " + range;
		return exclusively(first, range, what, () -> idOf(lastExecution(currentAttempt(first))), () -> {
			// under the lock, so that no other process abandons or starts an attempt meanwhile
			JobParameters parameters = currentAttempt(first);
			JobExecution previous = lastExecution(parameters);
			staleRuns.recoverIfDead(previous);
			noteChangedDefinition(previous);
			log.info("Running {}{}", what, request.recipients().isEmpty() ? ""
					: ", to be e-mailed to " + String.join(", ", request.recipients()));
			try {
				RequestStats.Snapshot before = client.getObject().stats().snapshot();
				return outcome(launchedDefinition.launching(definitionText,
						() -> jobOperator.start(reportJob, parameters)), range, before);
			}
			catch (JobInstanceAlreadyCompleteException ex) {
				JobExecution last = lastExecution(parameters);
				return new ReportOutcome(ReportOutcome.Result.ALREADY_COMPLETED, last == null ? null : last.getId(),
						range, List.of(), what + " completed before" + (last == null ? "" : " in run " + last.getId())
								+ filesNote(last) + sentNote(last) + "; add --force to run it again",
						null, sentTo(last));
			}
		});
	}

	private JobExecution lastExecution(JobParameters parameters) {
		return jobRepository.getLastJobExecution(ReportJobConfiguration.JOB_NAME, parameters);
	}

	/**
	 * The parameters a launch goes on with: those of the first attempt, or, once that was abandoned, of the first
	 * attempt after it that was not. The attempt number follows from the job repository alone, so every process
	 * finds the same one, and a completed attempt after an abandoned one is found completed.
	 */
	private JobParameters currentAttempt(JobParameters first) {
		JobParameters parameters = first;
		for (int attempt = 2; ReportRuns.wasAbandoned(jobRepository,
				jobRepository.getJobInstance(ReportJobConfiguration.JOB_NAME, parameters)); attempt++) {
			parameters = ReportRun.attempt(first, attempt);
		}
		return parameters;
	}

	/** Restarts a failed, stopped or killed run from its last committed chunk. */
	public ReportOutcome restart(long executionId) {
		JobExecution execution = ReportRuns.find(jobRepository, executionId);
		if (ReportRuns.wasAbandoned(jobRepository, execution.getJobInstance())) {
			throw new UserFacingException("run " + executionId + " was abandoned and is never restarted; '"
					+ ReportRun.runCommand(execution.getJobParameters()) + "' starts its report and range afresh");
		}
		String runSource = execution.getJobParameters().getString(ReportRun.SOURCE);
		if ("demo".equals(runSource) && !demo) {
			// said before the real account's settings are looked for: their absence is not the mistake
			throw new UserFacingException("run " + executionId + " reads the demo account: restart it with --demo");
		}
		String source = demo ? "demo" : endpoint.getObject().baseUrl().toString();
		if (!source.equals(runSource)) {
			throw new UserFacingException("run " + executionId + " reads " + runSource + ", not " + source
					+ ": restart it against the same account" + ("demo".equals(runSource) ? " (add --demo)" : ""));
		}
		if (!ReportRun.recipients(execution.getJobParameters()).isEmpty()) {
			mailer.checkConfigured();
		}
		TimeRange range = ReportRun.range(execution.getJobParameters());
		Supplier<Long> lastExecution = () -> idOf(jobRepository.getLastJobExecution(execution.getJobInstance()));
		return exclusively(execution.getJobParameters(), range, "run " + executionId, lastExecution, () -> {
			// the latest attempt is the one that may have been left STARTED by a killed process
			staleRuns.recoverIfDead(jobRepository.getLastJobExecution(execution.getJobInstance()));
			JobExecution last = jobRepository.getLastJobExecution(execution.getJobInstance());
			if (last != null && last.getStatus() == BatchStatus.COMPLETED) {
				return new ReportOutcome(ReportOutcome.Result.ALREADY_COMPLETED, last.getId(), range, List.of(),
						(last.getId() == executionId ? "run " + executionId + " completed"
								: "run " + executionId + " belongs to a report and range that completed in run "
										+ last.getId())
								+ filesNote(last) + sentNote(last),
						null, sentTo(last));
			}
			noteChangedDefinition(last);
			log.info("Restarting run {} for {}", executionId, range);
			RequestStats.Snapshot before = client.getObject().stats().snapshot();
			return outcome(jobOperator.restart(last == null ? execution : jobRepository.getJobExecution(last.getId())),
					range, before);
		});
	}

	/**
	 * Launches or restarts holding the run's lock, so that of several processes only one starts it. The loser, and a
	 * process that meets the job repository's own guard against a double start, gets {@code BUSY}: another process
	 * won, and nothing is wrong.
	 */
	private ReportOutcome exclusively(JobParameters parameters, TimeRange range, String what,
			Supplier<Long> lastExecution, Callable<ReportOutcome> launch) {
		ReportOutcome busy = new ReportOutcome(ReportOutcome.Result.BUSY, null, range, List.of(),
				what + " is being run by another process right now", null);
		try {
			return runLock
				.callExclusively(ReportRun.lockIdentity(parameters), () -> launchRetryingConflicts(launch, lastExecution))
				.orElse(busy);
		}
		catch (UserFacingException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			Throwable failure = ex instanceof LaunchException ? ex.getCause() : ex;
			if (Failures.find(failure, JobExecutionAlreadyRunningException.class).isPresent()) {
				return busy;
			}
			throw new RunFailedException(what + " could not start: " + whyNotStarted(failure), failure);
		}
	}

	/**
	 * Why the job repository refused a launch or restart, in the project's words: its own messages name its classes
	 * and parameters. What it cannot be goes to the log file.
	 */
	static String whyNotStarted(Throwable failure) {
		if (Failures.find(failure, JobInstanceAlreadyCompleteException.class).isPresent()) {
			return "it completed or was abandoned meanwhile (see 'runs')";
		}
		if (Failures.find(failure, JobRestartException.class).isPresent()) {
			return "its last attempt cannot be continued (see 'runs'); abandon it and run the report afresh";
		}
		return Failures.forUser(failure);
	}

	/**
	 * Launches, trying again when the database refused to serialise the job repository's transaction with another
	 * node's (PostgreSQL's SQLSTATE 40001, a deadlock or a lock timeout) before any execution was created: under the
	 * lock no other node launches this run, so the conflict was with another run's, and a second try goes through. A
	 * conflict after the run has started is not tried again: its execution tells what happened.
	 */
	private static ReportOutcome launchRetryingConflicts(Callable<ReportOutcome> launch, Supplier<Long> lastExecution) {
		for (int attempt = 1;; attempt++) {
			Long before = lastExecution.get();
			try {
				return launch.call();
			}
			catch (Exception ex) {
				boolean again = attempt < SERIALIZATION_ATTEMPTS && isSerializationConflict(ex)
						&& Objects.equals(before, lastExecution.get());
				if (!again) {
					throw ex instanceof RuntimeException runtime ? runtime : new LaunchException(ex);
				}
				log.info("The job repository refused a launch as conflicting with another node's; trying again");
				pauseBeforeRetry();
			}
		}
	}

	/** A short, random pause, so that two nodes that conflicted do not conflict again at once. */
	private static void pauseBeforeRetry() {
		try {
			Thread.sleep(ThreadLocalRandom.current().nextLong(50, 500));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/** Says in one line when a run to be continued was launched with another version of its definition. */
	private void noteChangedDefinition(JobExecution previous) {
		if (previous != null && previous.getStatus() != BatchStatus.COMPLETED) {
			launchedDefinition.changeNote(previous).ifPresent(log::warn);
		}
	}

	private static Long idOf(JobExecution execution) {
		return execution == null ? null : execution.getId();
	}

	static boolean isSerializationConflict(Throwable failure) {
		return Failures.first(failure, cause -> cause instanceof PessimisticLockingFailureException
				|| cause instanceof SQLException sql
						&& ("40001".equals(sql.getSQLState()) || "40P01".equals(sql.getSQLState())))
			.isPresent();
	}

	/** Carries a checked launch failure through the lock. */
	private static final class LaunchException extends RuntimeException {

		LaunchException(Exception cause) {
			super(cause);
		}

	}

	private List<String> sentTo(JobExecution execution) {
		return execution == null ? List.of()
				: sentMessages.recipients(execution.getJobInstance().getInstanceId()).stream().sorted().toList();
	}

	/** Where a run's files are, as the end of a sentence; nothing when it wrote none. */
	static String filesNote(JobExecution last) {
		List<Path> files = last == null ? List.of() : files(last);
		return files.isEmpty() ? "" : "; its files are in " + files.get(0).getParent();
	}

	private String sentNote(JobExecution last) {
		List<String> sentTo = sentTo(last);
		return sentTo.isEmpty() ? "" : " and was e-mailed to " + String.join(", ", sentTo);
	}

	/** Asks this process's run, if any, to stop at the end of its current chunk, so that it can be restarted. */
	public boolean stopCurrent() {
		return currentRun.get().map(execution -> {
			try {
				boolean stopping = jobOperator.stop(execution);
				if (stopping) {
					log.info("Stopping run {} at the end of its current chunk", execution.getId());
				}
				return stopping;
			}
			catch (JobExecutionNotRunningException ex) {
				return false;
			}
			catch (OptimisticLockingFailureException ex) {
				// the run saved a step meanwhile (it may be finishing): asked again, as SIGTERM's hook does each
				// second, it is stopped at its next chunk, or has ended
				log.debug("Run {} moved on while being asked to stop", execution.getId(), ex);
				return false;
			}
		}).orElse(false);
	}

	/** The explicit range if given, otherwise the definition's named range before now, in the report's zone. */
	static TimeRange range(ReportRequest request, ReportDefinition definition, Clock clock) {
		if (request.from() == null && request.to() == null) {
			return definition.range().lastBefore(ZonedDateTime.now(clock.withZone(definition.timeZone())));
		}
		if (request.from() == null || request.to() == null) {
			throw new UserFacingException("give both --from and --to, or neither for the report's "
					+ definition.range() + " range");
		}
		return TimeRange.parse(request.from(), request.to());
	}

	/** Refuses an output directory that cannot be written, without creating anything. */
	static void checkWritable(Path outputDir) {
		Path existing = outputDir.toAbsolutePath().normalize();
		while (existing != null && !Files.exists(existing)) {
			existing = existing.getParent();
		}
		if (existing == null || !Files.isDirectory(existing) || !Files.isWritable(existing)
				|| !canCreateIn(existing)) {
			throw new UserFacingException("output directory " + outputDir + " cannot be written"
					+ (existing != null && !Files.isDirectory(existing) ? " (" + existing + " is a file)" : ""));
		}
	}

	// Files.isWritable answers true for root on a read-only directory, so try it
	private static boolean canCreateIn(Path directory) {
		try {
			Files.delete(Files.createTempFile(directory, ".apm-reports-", ".probe"));
			return true;
		}
		catch (IOException | SecurityException ex) {
			return false;
		}
	}

	private ReportOutcome outcome(JobExecution execution, TimeRange range, RequestStats.Snapshot before) {
		RunStatistics statistics = RunStatistics.of(execution, client.getObject().stats().snapshot().minus(before));
		log.info("{}", statistics);
		if (execution.getStatus() == BatchStatus.COMPLETED) {
			return new ReportOutcome(ReportOutcome.Result.COMPLETED, execution.getId(), range, files(execution), null,
					statistics, sentTo(execution));
		}
		if (execution.getStatus() == BatchStatus.STOPPED) {
			return new ReportOutcome(ReportOutcome.Result.STOPPED, execution.getId(), range, List.of(),
					"run " + execution.getId() + " stopped; launch it again (or '"
							+ ReportRun.restartCommand(execution.getJobParameters(), execution.getId())
							+ "') to continue where it stopped",
					statistics);
		}
		String failure = failureMessage(execution);
		recordFailure(execution, failure);
		return new ReportOutcome(ReportOutcome.Result.FAILED, execution.getId(), range, List.of(), failure,
				statistics);
	}

	/**
	 * Keeps the failure's line with the run, for {@code show}: the job repository keeps the failure only as a stack
	 * trace cut at 2,500 characters, mostly Spring Batch's frames. Not keeping it loses nothing but that line.
	 */
	private void recordFailure(JobExecution execution, String failure) {
		try {
			execution.getExecutionContext().putString(FAILURE_KEY, failure);
			jobRepository.updateExecutionContext(execution);
		}
		catch (RuntimeException ex) {
			log.warn("The failure of run {} could not be recorded for 'show': {}", execution.getId(),
					Failures.forUser(ex));
		}
	}

	public static List<Path> files(JobExecution execution) {
		String files = execution.getExecutionContext().getString(WriteFilesTasklet.FILES_KEY, "");
		return files.isEmpty() ? List.of() : Arrays.stream(files.split("\n")).map(Path::of).toList();
	}

	/** The first failure a user can act on, in one line; anything else points to the log. */
	public static String failureMessage(JobExecution execution) {
		for (Throwable failure : execution.getAllFailureExceptions()) {
			Optional<UserFacingException> userFacing = Failures.find(failure, UserFacingException.class);
			if (userFacing.isPresent()) {
				return userFacing.get().getMessage();
			}
		}
		return execution.getAllFailureExceptions()
			.stream()
			.findFirst()
			.map(ex -> Failures.UNEXPECTED)
			.orElse("the run ended " + execution.getStatus());
	}

}
