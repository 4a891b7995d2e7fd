package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.repository.JobRepository;

class CurrentRunTests {

	private final CurrentRun currentRun = new CurrentRun(mock(JobRepository.class));

	@Test
	void everyRunGoingOnInTheProcessIsHeld() {
		// given two runs begun in one process, as a console's launch beside the
		// scheduler's
		JobExecution first = execution(1);
		JobExecution second = execution(2);

		// when
		currentRun.beforeJob(first);
		currentRun.beforeJob(second);

		// then
		assertThat(currentRun.running()).containsExactly(first, second);
	}

	@Test
	void aRunThatEndsLeavesTheOthersHeld() {
		// given two runs going on
		JobExecution first = execution(1);
		JobExecution second = execution(2);
		currentRun.beforeJob(first);
		currentRun.beforeJob(second);

		// when the later one ends
		currentRun.afterJob(second);

		// then the first is still going on
		assertThat(currentRun.running()).containsExactly(first);
	}

	private static JobExecution execution(long id) {
		return new JobExecution(id, new JobInstance(id, "report"), new JobParameters());
	}

}
