package io.apmreports.job;

import org.springframework.batch.core.step.StepExecution;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.range.TimeRange;

/** What a step of the report job knows of its run. */
final class StepExecutions {

	private StepExecutions() {
	}

	/**
	 * The job instance the run's rows are staged under, which every restart of the run
	 * shares.
	 */
	static long instanceId(StepExecution stepExecution) {
		return stepExecution.getJobExecution().getJobInstance().getInstanceId();
	}

	static TimeRange range(StepExecution stepExecution) {
		return ReportRun.range(stepExecution.getJobParameters());
	}

	/** The definition the run was launched with, never the file as it is now. */
	static ReportDefinition definition(LaunchedDefinition definitions, StepExecution stepExecution) {
		return definitions.of(stepExecution.getJobExecution());
	}

}
