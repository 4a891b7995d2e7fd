package io.apmreports.job;

import org.slf4j.MDC;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.listener.JobExecutionListener;
import org.springframework.beans.factory.ObjectProvider;

/**
 * Puts the run id and report on every log line of a run (MDC {@code run} and
 * {@code report}, in the log file's pattern and in JSON logs), so that an ops team finds
 * a run's lines by its id.
 */
public final class RunInTheLog implements JobExecutionListener {

	private final ObjectProvider<LaunchedRun> launchedRun;

	RunInTheLog(ObjectProvider<LaunchedRun> launchedRun) {
		this.launchedRun = launchedRun;
	}

	@Override
	public void beforeJob(JobExecution execution) {
		MDC.put("run", Long.toString(execution.getId()));
		MDC.put("report", launchedRun.getObject().run().report());
	}

	/**
	 * Takes the run off the thread's log lines: after its last line, its statistics,
	 * which {@code RunOutcomes} logs once the job has ended.
	 */
	public static void ended() {
		MDC.remove("run");
		MDC.remove("report");
	}

}
