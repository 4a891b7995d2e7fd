package io.apmreports.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.launch.JobExecutionNotRunningException;
import org.springframework.batch.core.launch.JobOperator;

import io.apmreports.job.CurrentRun;

class ReportLauncherTests {

	private final JobOperator jobOperator = mock(JobOperator.class);

	private final CurrentRun currentRun = mock(CurrentRun.class);

	private final ReportLauncher launcher = new ReportLauncher(jobOperator, null, null, null, null, null, null,
			currentRun, null, null, null);

	@Test
	void aStopAsksEveryRunOfTheProcessToStop() throws Exception {
		// given two runs going on in this process, the first ending meanwhile
		JobExecution first = execution(1);
		JobExecution second = execution(2);
		when(currentRun.running()).thenReturn(List.of(first, second));
		when(jobOperator.stop(first)).thenThrow(new JobExecutionNotRunningException("ended"));
		when(jobOperator.stop(second)).thenReturn(true);

		// when
		boolean stopping = launcher.stopCurrent();

		// then both were asked
		assertThat(stopping).isTrue();
		verify(jobOperator).stop(first);
		verify(jobOperator).stop(second);
	}

	@Test
	void withNoRunGoingOnNothingIsStopped() {
		when(currentRun.running()).thenReturn(List.of());

		assertThat(launcher.stopCurrent()).isFalse();
	}

	private static JobExecution execution(long id) {
		return new JobExecution(id, new JobInstance(id, "report"), new JobParameters());
	}

}
