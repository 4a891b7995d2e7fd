package io.apmreports.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.stereotype.Component;

import io.apmreports.delivery.SentMessages;
import io.apmreports.failure.Failures;
import io.apmreports.history.FigureHistory;
import io.apmreports.job.LaunchedDefinition;
import io.apmreports.job.ReportProperties;
import io.apmreports.job.ReportRun;
import io.apmreports.job.RunResults;
import io.apmreports.report.ReportFiles;
import io.apmreports.staging.CostTables;
import io.apmreports.staging.StagedApplications;
import io.apmreports.staging.StagedServiceLevels;

/**
 * Removes the completed runs older than {@code report.keep-for}: each one's folder (and
 * the previews beside it), its staging rows (a cost run's staged month too, but never the
 * kept daily estimates, which {@code report.ingest-estimates-keep-for} governs) and
 * delivery records, and its job instance with its executions. Only COMPLETED runs go: a
 * FAILED, STOPPED or STARTED run may be restarted (or recovered), and an ABANDONED one is
 * what makes the next launch of its report and range a new attempt, so those stay until
 * someone acts on them. A folder is left where a run that stays, or a later run of
 * another job repository, still has its files in it. The kept history is not a run's: its
 * periods that ended more than {@code report.history-keep-for} ago go in the same sweep,
 * whether runs are removed or kept for ever.
 */
@Component
public class OldRuns {

	private static final Logger log = LoggerFactory.getLogger(OldRuns.class);

	private final JobRepository jobRepository;

	private final Job reportJob;

	private final LaunchedDefinition launchedDefinition;

	private final StagedApplications staged;

	private final CostTables costTables;

	private final StagedServiceLevels serviceLevels;

	private final SentMessages sent;

	private final RunLock runLock;

	private final Duration keepFor;

	private final Clock clock;

	private final List<KeptWithRun> keptWithRuns;

	private final FigureHistory history;

	private final Duration historyKeepFor;

	OldRuns(JobRepository jobRepository, Job reportJob, LaunchedDefinition launchedDefinition,
			StagedApplications staged, CostTables costTables, StagedServiceLevels serviceLevels, SentMessages sent,
			RunLock runLock, ReportProperties properties, Clock clock, List<KeptWithRun> keptWithRuns,
			FigureHistory history) {
		this.history = history;
		this.historyKeepFor = properties.historyKeepFor();
		this.costTables = costTables;
		this.serviceLevels = serviceLevels;
		this.keptWithRuns = List.copyOf(keptWithRuns);
		this.jobRepository = jobRepository;
		this.reportJob = reportJob;
		this.launchedDefinition = launchedDefinition;
		this.staged = staged;
		this.sent = sent;
		this.runLock = runLock;
		this.keepFor = properties.keepFor();
		this.clock = clock;
	}

	/**
	 * Removes the runs that completed more than {@code report.keep-for} ago, and more
	 * than {@code atLeast} ago (the scheduler's catch-up window: a fire whose run was
	 * removed would be run and sent again); answers how many went. Without
	 * {@code report.keep-for}, removes no run. Either way, forgets the history's periods
	 * that ended more than {@code report.history-keep-for} ago.
	 */
	public int remove(Duration atLeast) {
		forgetOldHistory();
		if (keepFor == null) {
			return 0;
		}
		Instant before = clock.instant().minus(keepFor.compareTo(atLeast) >= 0 ? keepFor : atLeast);
		List<Run> runs = jobRepository.findJobInstances(reportJob.getName()).stream().map(this::run).toList();
		Set<Path> keptFolders = new HashSet<>();
		Set<String> reportsOfUnknownFolders = new HashSet<>();
		for (Run run : runs.stream().filter(run -> !run.completedBefore(before)).toList()) {
			run.folder().ifPresentOrElse(keptFolders::add, () -> reportsOfUnknownFolders.add(run.report()));
		}
		int removed = 0;
		for (Run run : runs.stream().filter(run -> run.completedBefore(before)).toList()) {
			if (run.files() == null || reportsOfUnknownFolders.contains(run.report())) {
				// its folder, or that of a run of its report that stays, cannot be told
				// (a definition gone with a run that did not keep it): nothing is
				// removed rather than a folder still in use
				log.info("Run {} is kept: the folders of its report's runs cannot all be told", run.id());
				continue;
			}
			boolean shared = keptFolders.contains(run.folder().orElseThrow());
			// under the lock of its report and range, so that no node launches, restarts
			// or delivers it meanwhile; looked at again there, as another node may have
			// removed it since it was listed
			Optional<Boolean> done = runLock.callExclusively(run.described().lockIdentity(),
					() -> run(run.instance()).completedBefore(before) && removeHoldingLock(run, shared));
			removed += done.orElse(false) ? 1 : 0;
		}
		return removed;
	}

	private void forgetOldHistory() {
		try {
			int forgotten = history.forgetBefore(clock.instant().minus(historyKeepFor).atOffset(ZoneOffset.UTC));
			if (forgotten > 0) {
				log.info("Forgot {} history rows of periods that ended more than report.history-keep-for ({}) ago",
						forgotten, historyKeepFor);
			}
		}
		catch (RuntimeException ex) {
			log.warn("The history's old periods could not be forgotten ({}); the next sweep tries again",
					Failures.summary(ex));
		}
	}

	private boolean removeHoldingLock(Run run, boolean shared) {
		try {
			boolean folderGone = false;
			if (!shared) {
				// no writer is in the folder while it goes
				try (ReportFiles.DirectoryLock lock = run.files().lock()) {
					folderGone = run.files().remove(writtenAt(run));
				}
			}
			// the instance last: until it is gone, the next sweep finds it and finishes
			staged.clear(run.instance().getInstanceId());
			costTables.clear(run.instance().getInstanceId());
			serviceLevels.clear(run.instance().getInstanceId());
			sent.forget(run.instance().getInstanceId());
			keptWithRuns.forEach(kept -> kept.forget(run.instance().getInstanceId()));
			jobRepository.deleteJobInstance(run.instance());
			log.info("Removed run {} of {}, completed {}{}", run.id(), run.report(), run.endedAt(),
					folderGone ? ", and its folder " + run.files().directory()
							: "; its folder holds another run's files and stays");
			return true;
		}
		catch (IOException | RuntimeException ex) {
			log.warn("Run {} could not be removed ({}); the next sweep tries again", run.id(), Failures.summary(ex));
			return false;
		}
	}

	/**
	 * When the run published its files: anything in its folder written later is another
	 * run's.
	 */
	private Instant writtenAt(Run run) {
		StepExecution write = jobRepository.getLastStepExecution(run.instance(), RunResults.writeStep());
		return write != null && write.getEndTime() != null ? instant(write.getEndTime()) : run.endedAt();
	}

	private Run run(JobInstance instance) {
		List<JobExecution> executions = jobRepository.getJobExecutions(instance);
		JobExecution last = jobRepository.getLastJobExecution(instance);
		boolean ended = !executions.isEmpty()
				&& executions.stream().allMatch(execution -> !execution.isRunning() && execution.getEndTime() != null);
		Instant endedAt = ended ? executions.stream()
			.map(execution -> instant(execution.getEndTime()))
			.max(Instant::compareTo)
			.orElseThrow() : null;
		boolean completed = ended && last != null && last.getStatus() == BatchStatus.COMPLETED;
		return new Run(instance, last, described(last), completed ? endedAt : null, files(last));
	}

	/**
	 * The run an execution's parameters describe; {@code null} for one they no longer
	 * describe, which is kept, as its folder is unknown, rather than stopping the sweep
	 * of every other run.
	 */
	private static ReportRun described(JobExecution execution) {
		if (execution == null) {
			return null;
		}
		try {
			return ReportRun.of(execution.getJobParameters());
		}
		catch (RuntimeException ex) {
			return null;
		}
	}

	private ReportFiles files(JobExecution execution) {
		if (execution == null) {
			return null;
		}
		try {
			return launchedDefinition.of(execution).files();
		}
		catch (RuntimeException ex) {
			return null;
		}
	}

	/**
	 * Spring Batch records {@code LocalDateTime.now()}, the time of this machine's zone.
	 */
	private static Instant instant(LocalDateTime time) {
		return time.atZone(ZoneId.systemDefault()).toInstant();
	}

	/**
	 * A job instance as retention sees it.
	 *
	 * @param described the run its latest execution describes, or {@code null} for none
	 * @param endedAt when it completed; {@code null} for a run that did not, or that
	 * still goes on
	 * @param files its folder, or {@code null} when that cannot be told
	 */
	private record Run(JobInstance instance, JobExecution last, ReportRun described, Instant endedAt,
			ReportFiles files) {

		boolean completedBefore(Instant time) {
			return endedAt != null && endedAt.isBefore(time);
		}

		Optional<Path> folder() {
			return files == null ? Optional.empty() : Optional.of(files.directory().toAbsolutePath().normalize());
		}

		long id() {
			return last.getId();
		}

		String report() {
			return described == null ? "" : described.report();
		}

	}

}
