package io.apmreports.run;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.function.BiPredicate;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.launch.JobExecutionAlreadyRunningException;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

import io.apmreports.definition.SourceKind;
import io.apmreports.delivery.SentMessages;
import io.apmreports.failure.RunFailedException;
import io.apmreports.failure.UserFacingException;
import io.apmreports.job.ReportRun;
import io.apmreports.job.RunResults;
import io.apmreports.source.Account;
import io.apmreports.source.Accounts;

/**
 * What the job repository knows of recent report runs, and abandoning one that must never
 * be restarted.
 */
@Component
public class ReportRuns {

	private final JobRepository jobRepository;

	private final JobOperator jobOperator;

	private final Job reportJob;

	private final SentMessages sentMessages;

	private final RunLock runLock;

	private final RunHistory history;

	ReportRuns(JobRepository jobRepository, Job reportJob, JobOperator jobOperator, SentMessages sentMessages,
			RunLock runLock) {
		this.jobRepository = jobRepository;
		this.reportJob = reportJob;
		this.jobOperator = jobOperator;
		this.sentMessages = sentMessages;
		this.runLock = runLock;
		this.history = new RunHistory(jobRepository, reportJob.getName(), sentMessages);
	}

	/** The most recent runs, newest first. */
	public List<RunSummary> recent(int limit) {
		return history.recent(limit);
	}

	/**
	 * Of the {@code lookedThrough} most recent runs, newest first, those {@code keep}
	 * keeps by their status and parameters, from the {@code skip}-th on, {@code count} at
	 * most (see {@link RunHistory#recent(int, BiPredicate, long, int)}).
	 */
	public List<RunSummary> recent(int lookedThrough, BiPredicate<BatchStatus, ReportRun> keep, long skip, int count) {
		return history.recent(lookedThrough, keep, skip, count);
	}

	/** The run with this id, or one line saying there is none. */
	public RunSummary show(long executionId) {
		return history.show(executionId);
	}

	/**
	 * Marks a run that is not going on as abandoned: it is never restarted, and launching
	 * its report and range starts a new run. It is the latest attempt of the run that is
	 * marked, whichever attempt {@code executionId} names. A completed run is left as it
	 * is; a run that is going on is left to its process. Answers the line to print.
	 */
	public String abandon(long executionId) {
		JobExecution execution = find(jobRepository, reportJob, executionId);
		String what = "run " + executionId;
		JobExecution latest = latest(execution);
		// every attempt of a run has the same report and range
		ReportRun run = ReportRun.of(latest.getJobParameters());
		if (wasAbandoned(jobRepository, execution.getJobInstance())) {
			return "Run " + executionId + " was abandoned already; '" + run.runCommand()
					+ "' starts its report and range afresh.";
		}
		refuseCompleted(what, latest);
		// a run going on holds its lock: taking it proves that no process runs this
		// report and range now
		JobExecution abandoned = runLock.callExclusively(run.lockIdentity(), () -> {
			JobExecution current = latest(execution);
			refuseCompleted(what, current);
			if (current.isRunning()) {
				// left STARTED by a process that is gone: recorded as failed first, as
				// Spring Batch abandons no running run
				jobOperator.recover(current);
				current = jobRepository.getJobExecution(current.getId());
			}
			try {
				return jobOperator.abandon(current);
			}
			catch (JobExecutionAlreadyRunningException ex) {
				throw new RunFailedException(what + " is going on right now and cannot be abandoned", ex);
			}
		})
			.orElseThrow(() -> new RunFailedException(what + " of report " + run.report()
					+ " is going on in another process right now; stop that process "
					+ "(Ctrl+C or SIGTERM) or let the run end, then abandon it", null));
		return "Run " + abandoned.getId()
				+ (abandoned.getId() == executionId ? "" : ", the latest attempt of run " + executionId + ",")
				+ " is abandoned and will never be restarted; '" + run.runCommand()
				+ "' starts its report and range afresh.";
	}

	private JobExecution latest(JobExecution execution) {
		JobExecution latest = jobRepository.getLastJobExecution(execution.getJobInstance());
		return latest == null ? execution : latest;
	}

	/** A completed run is never abandoned: its files and e-mails stand. */
	private static void refuseCompleted(String what, JobExecution latest) {
		if (latest.getStatus() == BatchStatus.COMPLETED) {
			throw new UserFacingException(what + " completed"
					+ (what.equals("run " + latest.getId()) ? "" : " (as run " + latest.getId() + ")")
					+ RunOutcomes.filesNote(latest)
					+ "; a completed run is not abandoned (add --force to 'run' to run it again)");
		}
	}

	/**
	 * Whether any attempt of the instance was abandoned, which Spring Batch takes as done
	 * for good: neither a restart nor a launch of the same parameters runs it again.
	 * False for no instance.
	 */
	static boolean wasAbandoned(JobRepository jobRepository, JobInstance instance) {
		return instance != null && jobRepository.getJobExecutions(instance)
			.stream()
			.anyMatch(execution -> execution.getStatus() == BatchStatus.ABANDONED);
	}

	/**
	 * The latest attempt of a run that was restarted, continuing its report and range.
	 *
	 * @param executionId that attempt's run id
	 * @param status its batch status
	 */
	public record Continuation(long executionId, String status) {

		/** "continued as run 10 (COMPLETED)". */
		public String describe() {
			return "continued as run " + executionId + " (" + status + ")";
		}

	}

	/** The report run with this id, or one line saying there is none. */
	public static JobExecution find(JobRepository jobRepository, Job reportJob, long executionId) {
		return find(jobRepository, reportJob.getName(), executionId);
	}

	static JobExecution find(JobRepository jobRepository, String jobName, long executionId) {
		JobExecution execution;
		try {
			execution = jobRepository.getJobExecution(executionId);
		}
		catch (DataAccessException ex) {
			execution = null;
		}
		if (execution == null || !jobName.equals(execution.getJobInstance().getJobName())) {
			throw new UserFacingException("no run " + executionId + " (see 'runs')");
		}
		return execution;
	}

	/**
	 * One run, as {@code runs} and {@code show} tell it.
	 *
	 * @param executionId the job execution
	 * @param report the report's name
	 * @param from range start
	 * @param to range end
	 * @param status the batch status
	 * @param source where the figures came from: {@code demo}, or the service's host
	 * @param accounts the accounts it read, or {@code null} for a run recorded before
	 * runs named their account
	 * @param started when it started, in this machine's zone, or {@code null}
	 * @param ended when it ended, in this machine's zone, or {@code null} while running
	 * @param duration how long it ran, or {@code null} while running
	 * @param files the files it wrote
	 * @param email for a run that delivers, how many of its recipients have had the
	 * report ("sent 1/2"), by any attempt of the same report and range; empty for a run
	 * that only writes files
	 * @param recipients who the run e-mails the report to; empty for a run that only
	 * writes files
	 * @param failure for a failed run, why, in one line; else empty
	 * @param continuedAs for a run restarted since, its latest attempt; else {@code null}
	 * @param team the team whose share of the report the run is, or {@code null} for a
	 * run of the report's whole selection
	 */
	public record RunSummary(long executionId, String report, String from, String to, String status, String source,
			Accounts accounts, ZonedDateTime started, ZonedDateTime ended, Duration duration, List<Path> files,
			String email, List<String> recipients, String failure, Continuation continuedAs, String team) {

		static RunSummary of(JobExecution execution, ReportRun run, String email, List<String> recipients,
				String failure, Continuation continuedAs) {
			Duration duration = execution.getStartTime() != null && execution.getEndTime() != null
					? Duration.between(execution.getStartTime(), execution.getEndTime()) : null;
			String report = run.report() + (run.team() == null ? "" : "/" + run.team());
			return new RunSummary(execution.getId(), report, run.from(), run.to(), execution.getStatus().name(),
					source(run.source()), run.accounts(), local(execution.getStartTime()),
					local(execution.getEndTime()), duration, RunResults.files(execution), email, recipients, failure,
					continuedAs, run.team());
		}

		/**
		 * The account as a column shows it, {@code 1234567 Demo production}, several by
		 * their ids as their directory names them, {@code 1234567+7654321} ({@code show}
		 * names them); empty for a run recorded before runs named their account.
		 */
		public String accountText() {
			if (accounts == null) {
				return "";
			}
			Account account = accounts.first();
			return accounts.several() ? accounts.key()
					: account.id() + (account.name() == null ? "" : " " + account.name());
		}

		/** The directory of the run's files, or {@code null} when it wrote none. */
		public Path directory() {
			return files.isEmpty() ? null : files.get(0).getParent();
		}

		/**
		 * {@code demo}, or the host (and port) of the service's URL (and the account NRQL
		 * read, for runs recorded before the account was a parameter of its own); marked
		 * {@code nrql} for a run through NRQL. The key never is in it.
		 */
		static String source(String source) {
			if (source == null) {
				return "";
			}
			SourceKind kind = SourceKind.ofRecorded(source);
			String account = SourceKind.accountOf(source);
			int accountId = account.indexOf(' ');
			String url = accountId < 0 ? account : account.substring(0, accountId);
			return kind.recorded(host(url) + (accountId < 0 ? "" : account.substring(accountId)));
		}

		private static String host(String url) {
			if (url.equals("demo")) {
				return url;
			}
			try {
				URI uri = new URI(url);
				return uri.getHost() == null ? url : uri.getHost() + (uri.getPort() == -1 ? "" : ":" + uri.getPort());
			}
			catch (URISyntaxException ex) {
				return url;
			}
		}

		// Spring Batch records LocalDateTime.now(), the time of this machine's zone
		private static ZonedDateTime local(LocalDateTime time) {
			return time == null ? null : time.atZone(ZoneId.systemDefault());
		}

	}

}
