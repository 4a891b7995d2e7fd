package io.apmreports.job;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.listener.JobExecutionListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.stereotype.Component;

import io.apmreports.report.OutputWarmUp;

/**
 * The report run of this process, if one is going on, so that a SIGTERM stops this
 * process's run and never another node's. Its start also gives the file writers a head
 * start (see {@link OutputWarmUp}).
 */
@Component
public class CurrentRun implements JobExecutionListener {

	/**
	 * Which process runs an execution, so that a relaunch after a SIGKILL on this host
	 * can tell it is dead.
	 */
	static final String OWNER_KEY = "report.owner";

	private final AtomicReference<JobExecution> execution = new AtomicReference<>();

	private final JobRepository jobRepository;

	CurrentRun(JobRepository jobRepository) {
		this.jobRepository = jobRepository;
	}

	@Override
	public void beforeJob(JobExecution jobExecution) {
		execution.set(jobExecution);
		jobExecution.getExecutionContext().putString(OWNER_KEY, RunOwner.current());
		RunResults.forgetFailure(jobExecution.getExecutionContext());
		jobRepository.updateExecutionContext(jobExecution);
		OutputWarmUp.startInBackground();
	}

	@Override
	public void afterJob(JobExecution jobExecution) {
		execution.compareAndSet(jobExecution, null);
	}

	/**
	 * Which process ran or runs an execution, or {@code null} for one that never began.
	 */
	public static String owner(JobExecution execution) {
		return execution.getExecutionContext().getString(OWNER_KEY, null);
	}

	public Optional<JobExecution> get() {
		return Optional.ofNullable(execution.get());
	}

}
