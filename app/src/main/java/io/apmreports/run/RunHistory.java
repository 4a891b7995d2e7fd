package io.apmreports.run;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.stream.Collectors;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.repository.JobRepository;

import io.apmreports.definition.Recipient;
import io.apmreports.delivery.SentMessages;
import io.apmreports.job.ReportRun;
import io.apmreports.job.RunResults;
import io.apmreports.run.ReportRuns.Continuation;
import io.apmreports.run.ReportRuns.RunSummary;

/**
 * What the job repository knows of recent report runs, as {@code runs} and {@code show}
 * tell it: read through Spring Batch's repository and the table of messages sent, in an
 * application context or, for a quick answer, without one.
 */
public final class RunHistory {

	private final JobRepository jobRepository;

	private final String jobName;

	private final SentMessages sentMessages;

	/**
	 * @param jobName the report job's name
	 */
	public RunHistory(JobRepository jobRepository, String jobName, SentMessages sentMessages) {
		this.jobRepository = jobRepository;
		this.jobName = jobName;
		this.sentMessages = sentMessages;
	}

	/** The most recent runs, newest first. */
	public List<RunSummary> recent(int limit) {
		return recent(limit, (status, run) -> true, 0, limit);
	}

	/**
	 * Of the {@code lookedThrough} most recent runs, newest first, those {@code keep}
	 * keeps by their status and parameters, from the {@code skip}-th on, {@code count} at
	 * most. Only those are told in full, which reads their messages sent and their latest
	 * attempt: a page of a console asks this of a long history.
	 */
	public List<RunSummary> recent(int lookedThrough, BiPredicate<BatchStatus, ReportRun> keep, long skip, int count) {
		return jobRepository.getJobInstances(jobName, 0, lookedThrough)
			.stream()
			.flatMap(instance -> jobRepository.getJobExecutions(instance).stream())
			.sorted(Comparator.comparingLong(JobExecution::getId).reversed())
			.limit(lookedThrough)
			.filter(execution -> keep.test(execution.getStatus(), ReportRun.of(execution.getJobParameters())))
			.skip(skip)
			.limit(count)
			.map(this::summary)
			.toList();
	}

	/** The run with this id, or one line saying there is none. */
	public RunSummary show(long executionId) {
		return summary(ReportRuns.find(jobRepository, jobName, executionId));
	}

	private RunSummary summary(JobExecution execution) {
		ReportRun run = ReportRun.of(execution.getJobParameters());
		List<Recipient> asked = run.recipients();
		Set<String> sent = sentMessages.recipients(execution.getJobInstance().getInstanceId());
		// with those 'deliver' sent the run to besides its own
		List<String> recipients = new ArrayList<>(asked.stream().map(Recipient::toString).toList());
		Set<String> askedKeys = asked.stream().map(Recipient::key).collect(Collectors.toSet());
		sent.stream().filter(key -> !askedKeys.contains(key)).sorted().forEach(recipients::add);
		// "not sent" only while nothing was: a 'deliver' afterwards sends it
		String email = recipients.isEmpty() ? "" : sent.isEmpty() && RunResults.notSent(execution).isPresent()
				? RunResults.notSent(execution).get() : "sent " + sent.size() + "/" + recipients.size();
		// an abandoned run tells how it failed before, if it did; a killed run has no
		// line
		String failure = RunResults.recordedFailure(execution)
			.orElse(execution.getStatus() == BatchStatus.FAILED ? "not recorded (see the log file)" : "");
		// a restart is a new execution of the same instance: the one asked about points
		// to the latest, which tells how its report and range ended
		JobExecution latest = jobRepository.getLastJobExecution(execution.getJobInstance());
		return RunSummary.of(execution, run, email, recipients, failure,
				latest == null || latest.getId() == execution.getId() ? null
						: new Continuation(latest.getId(), latest.getStatus().name()));
	}

}
