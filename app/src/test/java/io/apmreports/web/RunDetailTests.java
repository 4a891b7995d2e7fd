package io.apmreports.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;

import io.apmreports.failure.LastingFailure;
import io.apmreports.run.ReportRuns.Continuation;
import io.apmreports.run.ReportRuns.RunSummary;

/**
 * What a run's page offers to mend it: a restart and an abandon for a failed latest
 * attempt, only an abandon where trying again cannot help, nothing for a completed run or
 * an attempt restarted since; and the channel each message went through.
 */
class RunDetailTests {

	@Test
	void aFailedRunMayBeRestartedOrAbandoned() {
		// given a failed run, its latest attempt
		JobExecution execution = execution(BatchStatus.FAILED);

		// when what mends it is asked
		RunDetail.Mend mend = RunDetail.mend(summary("FAILED", "the service answered 503", null), execution);

		// then both a restart and an abandon are offered, with its failure's line
		assertThat(mend.restart()).isTrue();
		assertThat(mend.abandon()).isTrue();
		assertThat(mend.failure()).isEqualTo("the service answered 503");
		assertThat(mend.advice()).startsWith("Restart it");
	}

	@Test
	void aFailureTryingAgainCannotMendIsOfferedOnlyAnAbandon() {
		// given a run that failed in a way a restart cannot mend
		JobExecution execution = execution(BatchStatus.FAILED);
		execution.addFailureException(new Lasting());

		// when what mends it is asked
		RunDetail.Mend mend = RunDetail.mend(summary("FAILED", "the key was refused", null), execution);

		// then only an abandon is offered, and why
		assertThat(mend.restart()).isFalse();
		assertThat(mend.abandon()).isTrue();
		assertThat(mend.advice()).startsWith("Trying again cannot mend");
	}

	@Test
	void aCompletedRunAndAnAttemptRestartedSinceHaveNothingToMend() {
		// when a completed run, and a failed attempt that was restarted since, are asked
		RunDetail.Mend completed = RunDetail.mend(summary("COMPLETED", "", null), execution(BatchStatus.COMPLETED));
		RunDetail.Mend continued = RunDetail.mend(summary("FAILED", "503", new Continuation(9, "COMPLETED")),
				execution(BatchStatus.FAILED));

		// then neither offers an action; the earlier attempt points to its continuation
		assertThat(completed.any()).isFalse();
		assertThat(completed.advice()).isEmpty();
		assertThat(continued.any()).isFalse();
		assertThat(continued.advice()).contains("continued as run 9 (COMPLETED)");
	}

	@Test
	void aSentMessagesChannelIsReadFromItsRecipient() {
		assertThat(RunDetail.channel("ops@example.com")).isEqualTo("e-mail");
		assertThat(RunDetail.channel("slack:ops")).isEqualTo("Slack");
		assertThat(RunDetail.channel("teams:finance")).isEqualTo("Microsoft Teams");
	}

	private static JobExecution execution(BatchStatus status) {
		JobExecution execution = new JobExecution(7L, new JobInstance(3L, "report"), new JobParameters());
		execution.setStatus(status);
		return execution;
	}

	private static RunSummary summary(String status, String failure, Continuation continuedAs) {
		return new RunSummary(7, "weekly-performance", "2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00", status,
				"demo", null, null, null, null, List.of(), "", List.of(), failure, continuedAs, null);
	}

	/** A failure that trying again cannot mend. */
	private static final class Lasting extends RuntimeException implements LastingFailure {

		Lasting() {
			super("refused");
		}

	}

}
