package io.apmreports.run;

import java.util.Optional;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.launch.JobExecutionNotRunningException;
import org.springframework.batch.core.launch.JobInstanceAlreadyCompleteException;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.stereotype.Component;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.failure.UserFacingException;
import io.apmreports.job.CurrentRun;
import io.apmreports.job.LaunchedDefinition;
import io.apmreports.job.ReportRun;
import io.apmreports.job.RunInTheLog;
import io.apmreports.range.TimeRange;
import io.apmreports.source.RequestStats;

/**
 * Starts, restarts and stops report runs. A launch starts the job with identifying
 * parameters, so that the same report and range continues a failed (or killed) run
 * instead of starting over.
 */
@Component
public class ReportLauncher {

	private static final Logger log = LoggerFactory.getLogger(ReportLauncher.class);

	private final JobOperator jobOperator;

	private final JobRepository jobRepository;

	private final Job reportJob;

	private final ReportDefinitions definitions;

	private final LaunchPlanner planner;

	private final ExclusiveLaunch exclusive;

	private final StaleRuns staleRuns;

	private final CurrentRun currentRun;

	private final RunOutcomes outcomes;

	private final LaunchedDefinition launchedDefinition;

	private final CompletedRunDelivery completedDelivery;

	ReportLauncher(JobOperator jobOperator, JobRepository jobRepository, Job reportJob, ReportDefinitions definitions,
			LaunchPlanner planner, ExclusiveLaunch exclusive, StaleRuns staleRuns, CurrentRun currentRun,
			RunOutcomes outcomes, LaunchedDefinition launchedDefinition, CompletedRunDelivery completedDelivery) {
		this.jobOperator = jobOperator;
		this.jobRepository = jobRepository;
		this.reportJob = reportJob;
		this.definitions = definitions;
		this.planner = planner;
		this.exclusive = exclusive;
		this.staleRuns = staleRuns;
		this.currentRun = currentRun;
		this.outcomes = outcomes;
		this.launchedDefinition = launchedDefinition;
		this.completedDelivery = completedDelivery;
	}

	public ReportOutcome launch(ReportRequest request) {
		return launch(request, id -> {
		});
	}

	/**
	 * Runs a report, telling {@code started} the run's id as soon as it is recorded: a
	 * console shows the run while it goes on. Not told for a launch that runs nothing (a
	 * report and range completed before, or busy in another process).
	 */
	public ReportOutcome launch(ReportRequest request, LongConsumer started) {
		// read once: the text the range is worked out from is the text the run keeps
		String definitionText = definitions.text(request.report());
		ReportDefinition definition = definitions.parse(request.report(), definitionText);
		ReportRun first = planner.plan(request, definition);
		TimeRange range = first.range();
		String what = "report " + definition.name()
				+ (request.team() == null ? "" : " of team " + request.team().name()) + " for " + range;
		return exclusive.call(first.lockIdentity(), range, what,
				() -> idOf(lastExecution(currentAttempt(first).toJobParameters())), () -> {
					// under the lock too, so that no other process sends the same files
					// meanwhile
					Long filesOnly = request.recipients().isEmpty() || request.force() ? null
							: completedFilesOnly(first);
					if (filesOnly != null) {
						log.info("The {} completed without delivery in run {}: sending its files, fetching nothing",
								what, filesOnly);
						return completedDelivery.deliverUnderLock(filesOnly, request.recipients(), request.sendWhen());
					}
					// under the lock, so that no other process abandons or starts an
					// attempt meanwhile
					ReportRun run = currentAttempt(first);
					JobParameters parameters = run.toJobParameters();
					JobExecution previous = lastExecution(parameters);
					staleRuns.recoverIfDead(previous);
					noteChangedDefinition(previous, run);
					log.info("Running {}{}", what, request.recipients().isEmpty() ? ""
							: ", to be sent to " + String.join(", ", request.recipients()));
					try {
						RequestStats.Snapshot before = outcomes.requestsSoFar(run);
						return outcomes.of(launchedDefinition.launching(run, definitionText, started,
								() -> jobOperator.start(reportJob, parameters)), run, before);
					}
					catch (JobInstanceAlreadyCompleteException ex) {
						JobExecution last = lastExecution(parameters);
						return outcomes.alreadyCompleted(last, range,
								what + " completed before" + (last == null ? "" : " in run " + last.getId()),
								"; add --force to run it again");
					}
					finally {
						// a run whose end could not be recorded leaves no id on later
						// lines
						RunInTheLog.ended();
					}
				});
	}

	/**
	 * The run that completed this report and range before, which a launch without
	 * {@code force} would answer with rather than run again; a run that only wrote files
	 * counts for a request that delivers, as a launch sends its files.
	 */
	public Optional<Long> completedBefore(ReportRequest request) {
		ReportDefinition definition = definitions.parse(request.report(), definitions.text(request.report()));
		ReportRun first = planner.plan(request, definition);
		JobExecution last = lastExecution(currentAttempt(first).toJobParameters());
		if (last == null && !request.recipients().isEmpty()) {
			last = lastExecution(currentAttempt(first.filesOnly()).toJobParameters());
		}
		return last != null && last.getStatus() == BatchStatus.COMPLETED ? Optional.of(last.getId()) : Optional.empty();
	}

	/** Restarts a failed, stopped or killed run from its last committed chunk. */
	public ReportOutcome restart(long executionId) {
		return restart(executionId, id -> {
		});
	}

	/**
	 * Restarts a run, telling {@code started} the new attempt's id as soon as it is
	 * recorded, as {@link #launch(ReportRequest, LongConsumer)} does.
	 */
	public ReportOutcome restart(long executionId, LongConsumer started) {
		JobExecution execution = ReportRuns.find(jobRepository, reportJob, executionId);
		ReportRun run = ReportRun.of(execution.getJobParameters());
		if (ReportRuns.wasAbandoned(jobRepository, execution.getJobInstance())) {
			throw new UserFacingException("run " + executionId + " was abandoned and is never restarted; '"
					+ run.runCommand() + "' starts its report and range afresh");
		}
		planner.checkSameAccount(executionId, run);
		planner.checkDeliverable(run.recipients());
		TimeRange range = run.range();
		Supplier<Long> lastExecution = () -> idOf(jobRepository.getLastJobExecution(execution.getJobInstance()));
		return exclusive.call(run.lockIdentity(), range, "run " + executionId, lastExecution, () -> {
			// the latest attempt is the one that may have been left STARTED by a killed
			// process
			staleRuns.recoverIfDead(jobRepository.getLastJobExecution(execution.getJobInstance()));
			JobExecution last = jobRepository.getLastJobExecution(execution.getJobInstance());
			if (last != null && last.getStatus() == BatchStatus.COMPLETED) {
				return outcomes.alreadyCompleted(
						last, range, last.getId() == executionId ? "run " + executionId + " completed" : "run "
								+ executionId + " belongs to a report and range that completed in run " + last.getId(),
						"");
			}
			noteChangedDefinition(last, run);
			log.info("Restarting run {} for {}", executionId, range);
			RequestStats.Snapshot before = outcomes.requestsSoFar(run);
			try {
				JobExecution restarted = last == null ? execution : jobRepository.getJobExecution(last.getId());
				// a restart keeps the definition its run was launched with: no text to
				// hand
				// over
				return outcomes.of(
						launchedDefinition.launching(run, null, started, () -> jobOperator.restart(restarted)), run,
						before);
			}
			finally {
				RunInTheLog.ended();
			}
		});
	}

	/**
	 * The command that restarts a run, as a user types it ({@code restart 12 --demo}).
	 */
	public String restartCommand(long executionId) {
		JobExecution execution = ReportRuns.find(jobRepository, reportJob, executionId);
		return ReportRun.of(execution.getJobParameters()).restartCommand(executionId);
	}

	/**
	 * Asks every run going on in this process, if any, to stop at the end of its current
	 * chunk, so that it can be restarted.
	 * @return whether one was asked to stop
	 */
	public boolean stopCurrent() {
		boolean stopping = false;
		for (JobExecution execution : currentRun.running()) {
			stopping |= stop(execution);
		}
		return stopping;
	}

	private boolean stop(JobExecution execution) {
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
			// the run saved a step meanwhile (it may be finishing): asked again, as
			// SIGTERM's hook does each second, it is stopped at its next chunk, or has
			// ended
			log.debug("Run {} moved on while being asked to stop", execution.getId(), ex);
			return false;
		}
	}

	/**
	 * The run that completed the same report and range without delivery, while no
	 * delivering run of it was started: its files are what a delivery would send.
	 */
	private Long completedFilesOnly(ReportRun delivering) {
		if (lastExecution(currentAttempt(delivering).toJobParameters()) != null) {
			return null;
		}
		JobExecution filesOnly = lastExecution(currentAttempt(delivering.filesOnly()).toJobParameters());
		return filesOnly != null && filesOnly.getStatus() == BatchStatus.COMPLETED ? filesOnly.getId() : null;
	}

	private JobExecution lastExecution(JobParameters parameters) {
		return jobRepository.getLastJobExecution(reportJob.getName(), parameters);
	}

	/**
	 * The run a launch goes on with: the first attempt, or, once that was abandoned, the
	 * first attempt after it that was not. The attempt number follows from the job
	 * repository alone, so every process finds the same one, and a completed attempt
	 * after an abandoned one is found completed.
	 */
	private ReportRun currentAttempt(ReportRun first) {
		ReportRun run = first;
		for (int attempt = 2; ReportRuns.wasAbandoned(jobRepository,
				jobRepository.getJobInstance(reportJob.getName(), run.toJobParameters())); attempt++) {
			run = first.attempt(attempt);
		}
		return run;
	}

	/**
	 * Says in one line when a run to be continued was launched with another version of
	 * its definition.
	 */
	private void noteChangedDefinition(JobExecution previous, ReportRun run) {
		if (previous != null && previous.getStatus() != BatchStatus.COMPLETED) {
			launchedDefinition.changeNote(previous, run.report()).ifPresent(log::warn);
		}
	}

	private static Long idOf(JobExecution execution) {
		return execution == null ? null : execution.getId();
	}

}
