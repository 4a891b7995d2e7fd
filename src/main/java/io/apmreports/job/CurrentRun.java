package io.apmreports.job;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.listener.JobExecutionListener;
import org.springframework.stereotype.Component;

import io.apmreports.output.OutputWarmUp;

/**
 * The report run of this process, if one is going on, so that a SIGTERM stops this process's run and never another
 * node's. Its start also gives the file writers a head start (see {@link OutputWarmUp}).
 */
@Component
class CurrentRun implements JobExecutionListener {

	private final AtomicReference<JobExecution> execution = new AtomicReference<>();

	@Override
	public void beforeJob(JobExecution jobExecution) {
		execution.set(jobExecution);
		OutputWarmUp.startInBackground();
	}

	@Override
	public void afterJob(JobExecution jobExecution) {
		execution.compareAndSet(jobExecution, null);
	}

	Optional<JobExecution> get() {
		return Optional.ofNullable(execution.get());
	}

}
