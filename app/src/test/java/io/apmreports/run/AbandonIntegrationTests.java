package io.apmreports.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.apmreports.ApmReportsApplication;
import io.apmreports.failure.RunFailedException;
import io.apmreports.job.ReportRun;
import io.apmreports.range.TimeRange;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.TestSandbox;

/**
 * Abandoning a run left STARTED: refused while a process holds the run's lock (the run
 * goes on there), done once no process does (its process is gone).
 */
@SpringBootTest(classes = ApmReportsApplication.class)
class AbandonIntegrationTests {

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	@TempDir
	static Path workDir;

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo("abandon-test-key"));

	@Autowired
	Job reportJob;

	@Autowired
	JobRepository jobRepository;

	@Autowired
	ReportRuns runs;

	@Autowired
	RunLock runLock;

	@Autowired
	ReportLauncher launcher;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws IOException {
		sandbox.register(registry, workDir);
	}

	@Test
	void aRunGoingOnIsNotAbandonedAndOneWhoseProcessIsGoneIs() {
		// given a run recorded as started, as a live process or a killed one leaves it
		JobParameters parameters = new ReportRun("weekly-performance", sandbox.baseUrl().toString(),
				TestSandbox.DEMO_ACCOUNT, WEEK, workDir.resolve("out"), null)
			.toJobParameters();
		JobInstance instance = jobRepository.createJobInstance(reportJob.getName(), parameters);
		JobExecution started = jobRepository.createJobExecution(instance, parameters, new ExecutionContext());
		started.setStatus(BatchStatus.STARTED);
		jobRepository.update(started);

		// when its lock is held, as the process running it holds it
		Throwable whileHeld = runLock
			.callExclusively(ReportRun.of(parameters).lockIdentity(),
					() -> catchThrowable(() -> runs.abandon(started.getId())))
			.orElseThrow();

		// then it is refused in one line, and the run is left as it was
		assertThat(whileHeld).isInstanceOf(RunFailedException.class)
			.hasMessage("run " + started.getId() + " of report weekly-performance is going on in another process "
					+ "right now; stop that process (Ctrl+C or SIGTERM) or let the run end, then abandon it");
		assertThat(jobRepository.getJobExecution(started.getId()).getStatus()).isEqualTo(BatchStatus.STARTED);

		// when no process holds it any more
		String abandoned = runs.abandon(started.getId());

		// then
		assertThat(abandoned).startsWith("Run " + started.getId() + " is abandoned");
		assertThat(jobRepository.getJobExecution(started.getId()).getStatus()).isEqualTo(BatchStatus.ABANDONED);
	}

	@Test
	void aFailedRunRecordedBeforeRunsNamedTheirAccountIsNotRestartedButAbandoned() {
		// given a failed run whose parameters have no account, as an earlier version
		// recorded it
		JobParameters recorded = new ReportRun("weekly-performance", sandbox.baseUrl().toString(),
				TestSandbox.DEMO_ACCOUNT, WEEK, workDir.resolve("old"), "2026-01-01T00:00:00Z")
			.toJobParameters();
		JobParameters parameters = new JobParameters(recorded.parameters()
			.stream()
			.filter(parameter -> !parameter.name().startsWith("account"))
			.collect(Collectors.toSet()));
		JobInstance instance = jobRepository.createJobInstance(reportJob.getName(), parameters);
		JobExecution failed = jobRepository.createJobExecution(instance, parameters, new ExecutionContext());
		failed.setStatus(BatchStatus.FAILED);
		failed.setEndTime(LocalDateTime.now());
		jobRepository.update(failed);

		// when it is restarted
		Throwable restart = catchThrowable(() -> launcher.restart(failed.getId()));

		// then one line says why not and what to do, and the run is left as it was
		assertThat(restart).hasMessage("run " + failed.getId() + " was recorded before runs named their account, so it "
				+ "cannot be restarted: 'abandon " + failed.getId() + "', then run the report again");
		assertThat(runs.abandon(failed.getId())).startsWith("Run " + failed.getId() + " is abandoned")
			.doesNotContain("null");
	}

}
