package io.apmreports.job;

import org.springframework.batch.core.job.JobExecution;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.report.ReportFiles;

/**
 * A run as its steps and its delivery know it, read once per job execution: the typed
 * run, the definition it was launched with (a team's, for a team's run), where its files
 * go, and its execution. Built by {@link LaunchedDefinition} when the job starts, and
 * given to every step as a job-scoped bean; {@code deliver <run-id>} and {@code preview}
 * build one for the completed run they read.
 *
 * @param run the run, as its parameters describe it
 * @param definition the definition the run was launched with, never the file as it is now
 * @param files the run's folder and the names of its files
 * @param execution the job execution, whose context carries what the steps leave for
 * later ones
 */
public record LaunchedRun(ReportRun run, ReportDefinition definition, ReportFiles files, JobExecution execution) {

	static LaunchedRun of(ReportRun run, ReportDefinition definition, JobExecution execution) {
		return new LaunchedRun(run, definition, new ReportFiles(run.outputDir(), definition.name(), run.team(),
				run.accounts().key(), run.range(), definition.timeZone()), execution);
	}

	/**
	 * The job instance the run's rows are staged and its messages recorded under, which
	 * every restart of the run shares.
	 */
	public long instanceId() {
		return execution.getJobInstance().getInstanceId();
	}

}
