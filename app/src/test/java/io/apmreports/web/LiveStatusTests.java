package io.apmreports.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.step.StepExecution;

/**
 * What a page polling a run is told: the step it is at and the applications done of all,
 * and nothing to poll once it has ended.
 */
class LiveStatusTests {

	@Test
	void aRunningRunTellsItsStepAndTheApplicationsDoneOfAll() {
		// given a run whose fetch step has done 120 of 400 applications
		JobExecution execution = execution(BatchStatus.STARTED);
		StepExecution step = step(execution, "fetchTrends", BatchStatus.STARTED);
		step.getExecutionContext().putLong("progress.total", 400);
		step.setWriteCount(120);

		// when its status is read
		LiveStatus live = LiveStatus.of(execution);

		// then it goes on, at that step, 30% done
		assertThat(live.going()).isTrue();
		assertThat(live.status()).isEqualTo("STARTED");
		assertThat(live.line()).startsWith("Fetching trends: 120 of 400 applications");
		assertThat(live.percent()).isEqualTo(30);
	}

	@Test
	void ofStepsSideBySideTheOneWithTheMostLeftIsTold() {
		// given two fetch steps going on side by side
		JobExecution execution = execution(BatchStatus.STARTED);
		StepExecution nearlyDone = step(execution, "fetchTrends", BatchStatus.STARTED);
		nearlyDone.getExecutionContext().putLong("progress.total", 100);
		nearlyDone.setWriteCount(95);
		StepExecution behind = step(execution, "fetchFigures", BatchStatus.STARTED);
		behind.getExecutionContext().putLong("progress.total", 100);
		behind.setWriteCount(10);

		// when its status is read
		// then the step the run waits for is told
		assertThat(LiveStatus.of(execution).line()).startsWith("Fetching figures: 10 of 100");
	}

	@Test
	void anEndedRunIsNotPolled() {
		// given a completed run
		JobExecution execution = execution(BatchStatus.COMPLETED);
		step(execution, "writeFiles", BatchStatus.COMPLETED);

		// when its status is read
		LiveStatus live = LiveStatus.of(execution);

		// then it does not go on, and tells no step
		assertThat(live.going()).isFalse();
		assertThat(live.line()).isEmpty();
		assertThat(live.status()).isEqualTo("COMPLETED");
	}

	private static JobExecution execution(BatchStatus status) {
		JobExecution execution = new JobExecution(7L, new JobInstance(3L, "report"), new JobParameters());
		execution.setStatus(status);
		return execution;
	}

	private static StepExecution step(JobExecution execution, String name, BatchStatus status) {
		StepExecution step = new StepExecution(execution.getStepExecutions().size() + 1L, name, execution);
		step.setStatus(status);
		step.setStartTime(LocalDateTime.now().minusSeconds(30));
		execution.addStepExecutions(List.of(step));
		return step;
	}

}
