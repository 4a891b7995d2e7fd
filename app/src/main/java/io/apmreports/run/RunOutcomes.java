package io.apmreports.run;

import java.nio.file.Path;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.stereotype.Component;

import io.apmreports.delivery.SentMessages;
import io.apmreports.failure.Failures;
import io.apmreports.job.ReportRun;
import io.apmreports.job.RunInTheLog;
import io.apmreports.job.RunResults;
import io.apmreports.range.TimeRange;
import io.apmreports.source.Accounts;
import io.apmreports.source.FigureSources;
import io.apmreports.source.RequestStats;

/**
 * Tells how a run ended, in the project's words, with what it cost and whom it was
 * e-mailed to.
 */
@Component
class RunOutcomes {

	private static final Logger log = LoggerFactory.getLogger(RunOutcomes.class);

	private final JobRepository jobRepository;

	private final SentMessages sentMessages;

	private final FigureSources sources;

	private final RunMetrics metrics;

	RunOutcomes(JobRepository jobRepository, SentMessages sentMessages, FigureSources sources, RunMetrics metrics) {
		this.jobRepository = jobRepository;
		this.sentMessages = sentMessages;
		this.sources = sources;
		this.metrics = metrics;
	}

	/**
	 * The requests the source of a run made so far, to tell the run's own from the ones
	 * before it.
	 */
	RequestStats.Snapshot requestsSoFar(ReportRun run) {
		Accounts accounts = run.accounts();
		String source = run.source();
		// a run recorded before runs named their account read the one configured
		return (accounts == null ? sources.ofRun(source) : sources.ofRun(source, accounts.ids())).requests();
	}

	ReportOutcome of(JobExecution execution, ReportRun run, RequestStats.Snapshot before) {
		RunStatistics statistics = RunStatistics.of(execution, requestsSoFar(run).minus(before));
		try {
			log.info("{}", statistics);
		}
		finally {
			RunInTheLog.ended();
		}
		ReportOutcome outcome = of(execution, run, statistics);
		metrics.ended(run.report(), run.source(), outcome.result(), statistics);
		return outcome;
	}

	private ReportOutcome of(JobExecution execution, ReportRun run, RunStatistics statistics) {
		TimeRange range = run.range();
		if (execution.getStatus() == BatchStatus.COMPLETED) {
			String note = RunResults.idsNotFoundNote(execution, run.accounts());
			String notSent = RunResults.notSent(execution).map(why -> "Report " + why).orElse(null);
			return new ReportOutcome(ReportOutcome.Result.COMPLETED, execution.getId(), range,
					RunResults.files(execution),
					note == null ? notSent : notSent == null ? note : note + "\n" + notSent, statistics,
					sentTo(execution));
		}
		if (execution.getStatus() == BatchStatus.STOPPED) {
			return new ReportOutcome(ReportOutcome.Result.STOPPED, execution.getId(), range, List.of(),
					"run " + execution.getId() + " stopped; launch it again (or '"
							+ run.restartCommand(execution.getId()) + "') to continue where it stopped",
					statistics);
		}
		String failure = RunResults.failureMessage(execution);
		recordFailure(execution, failure);
		return new ReportOutcome(ReportOutcome.Result.FAILED, execution.getId(), range, List.of(), failure, statistics,
				List.of(), RunResults.lasting(execution));
	}

	/**
	 * A launch of what completed before: the message, then where its files are and whom
	 * it was sent to, then what to do about it.
	 */
	ReportOutcome alreadyCompleted(JobExecution last, TimeRange range, String message, String advice) {
		return new ReportOutcome(ReportOutcome.Result.ALREADY_COMPLETED, last == null ? null : last.getId(), range,
				List.of(), message + filesNote(last) + sentNote(last) + advice, null, sentTo(last));
	}

	/**
	 * Keeps the failure's line with the run, for {@code show}; not keeping it loses
	 * nothing but that line.
	 */
	private void recordFailure(JobExecution execution, String failure) {
		try {
			RunResults.putFailure(execution.getExecutionContext(), failure);
			jobRepository.updateExecutionContext(execution);
		}
		catch (RuntimeException ex) {
			log.warn("The failure of run {} could not be recorded for 'show': {}", execution.getId(),
					Failures.forUser(ex));
		}
	}

	private List<String> sentTo(JobExecution execution) {
		return execution == null ? List.of()
				: sentMessages.recipients(execution.getJobInstance().getInstanceId()).stream().sorted().toList();
	}

	/** Where a run's files are, as the end of a sentence; nothing when it wrote none. */
	static String filesNote(JobExecution last) {
		List<Path> files = last == null ? List.of() : RunResults.files(last);
		return files.isEmpty() ? "" : "; its files are in " + files.get(0).getParent();
	}

	private String sentNote(JobExecution last) {
		List<String> sentTo = sentTo(last);
		return sentTo.isEmpty() ? "" : " and was sent to " + String.join(", ", sentTo);
	}

}
