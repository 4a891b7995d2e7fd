package io.apmreports.job;

import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Comparator;
import java.util.List;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

import io.apmreports.UserFacingException;
import io.apmreports.delivery.SentMessages;

/** What the job repository knows of recent report runs, and abandoning one that must never be restarted. */
@Component
public class ReportRuns {

	private final JobRepository jobRepository;

	private final JobOperator jobOperator;

	private final SentMessages sentMessages;

	ReportRuns(JobRepository jobRepository, JobOperator jobOperator, SentMessages sentMessages) {
		this.jobRepository = jobRepository;
		this.jobOperator = jobOperator;
		this.sentMessages = sentMessages;
	}

	/** The most recent runs, newest first. */
	public List<RunSummary> recent(int limit) {
		return jobRepository.getJobInstances(ReportJobConfiguration.JOB_NAME, 0, limit)
			.stream()
			.flatMap(instance -> jobRepository.getJobExecutions(instance).stream())
			.sorted(Comparator.comparingLong(JobExecution::getId).reversed())
			.limit(limit)
			.map(this::summary)
			.toList();
	}

	/** Marks a run that is not going on as abandoned: it is never restarted, and its report and range can run anew. */
	public RunSummary abandon(long executionId) {
		JobExecution execution = find(jobRepository, executionId);
		try {
			return summary(jobOperator.abandon(execution));
		}
		catch (Exception ex) {
			throw new UserFacingException("run " + executionId + " cannot be abandoned: " + ex.getMessage());
		}
	}

	private RunSummary summary(JobExecution execution) {
		List<String> recipients = ReportRun.recipients(execution.getJobParameters());
		String email = recipients.isEmpty() ? ""
				: "sent " + sentMessages.recipients(execution.getJobInstance().getInstanceId()).size() + "/"
						+ recipients.size();
		return RunSummary.of(execution, email);
	}

	/** The report run with this id, or one line saying there is none. */
	static JobExecution find(JobRepository jobRepository, long executionId) {
		JobExecution execution;
		try {
			execution = jobRepository.getJobExecution(executionId);
		}
		catch (DataAccessException ex) {
			execution = null;
		}
		if (execution == null || !ReportJobConfiguration.JOB_NAME.equals(execution.getJobInstance().getJobName())) {
			throw new UserFacingException("no run " + executionId + " (see 'runs')");
		}
		return execution;
	}

	/**
	 * One run, as {@code runs} lists it.
	 *
	 * @param executionId the job execution
	 * @param report the report's name
	 * @param from range start
	 * @param to range end
	 * @param status the batch status
	 * @param started when it started, or {@code null}
	 * @param duration how long it ran, or {@code null} while running
	 * @param files the files it wrote
	 * @param email for a run that delivers, how many of its recipients have had the report ("sent 1/2"), by any
	 * attempt of the same report and range; empty for a run that only writes files
	 */
	public record RunSummary(long executionId, String report, String from, String to, String status,
			LocalDateTime started, Duration duration, List<Path> files, String email) {

		static RunSummary of(JobExecution execution, String email) {
			var parameters = execution.getJobParameters();
			Duration duration = execution.getStartTime() != null && execution.getEndTime() != null
					? Duration.between(execution.getStartTime(), execution.getEndTime()) : null;
			return new RunSummary(execution.getId(), parameters.getString(ReportRun.REPORT),
					parameters.getString(ReportRun.FROM), parameters.getString(ReportRun.TO),
					execution.getStatus().name(), execution.getStartTime(), duration,
					ReportLauncher.files(execution), email);
		}

	}

}
