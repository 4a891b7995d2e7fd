package io.apmreports.job;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.listener.JobExecutionListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.stereotype.Component;

import io.apmreports.report.OutputWarmUp;

/**
 * The report runs going on in this process (a console launches runs beside the
 * scheduler's), so that a SIGTERM stops every run of this process and never another
 * node's. A run's start also gives the file writers a head start (see
 * {@link OutputWarmUp}).
 */
@Component
public class CurrentRun implements JobExecutionListener {

	/**
	 * Which process runs an execution, so that a relaunch after a SIGKILL on this host
	 * can tell it is dead.
	 */
	static final String OWNER_KEY = "report.owner";

	/** By execution id. */
	private final Map<Long, JobExecution> running = new ConcurrentHashMap<>();

	private final JobRepository jobRepository;

	CurrentRun(JobRepository jobRepository) {
		this.jobRepository = jobRepository;
	}

	@Override
	public void beforeJob(JobExecution jobExecution) {
		running.put(jobExecution.getId(), jobExecution);
		jobExecution.getExecutionContext().putString(OWNER_KEY, RunOwner.current());
		RunResults.forgetFailure(jobExecution.getExecutionContext());
		jobRepository.updateExecutionContext(jobExecution);
		OutputWarmUp.startInBackground();
	}

	@Override
	public void afterJob(JobExecution jobExecution) {
		running.remove(jobExecution.getId(), jobExecution);
	}

	/**
	 * Which process ran or runs an execution, or {@code null} for one that never began.
	 */
	public static String owner(JobExecution execution) {
		return execution.getExecutionContext().getString(OWNER_KEY, null);
	}

	/** The runs going on in this process now, in the order of their ids. */
	public List<JobExecution> running() {
		return running.values().stream().sorted((a, b) -> Long.compare(a.getId(), b.getId())).toList();
	}

}
