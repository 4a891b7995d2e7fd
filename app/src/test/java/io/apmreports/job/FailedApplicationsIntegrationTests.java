package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.test.JobOperatorTestUtils;
import org.springframework.batch.test.context.SpringBatchTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.apmreports.ApmReportsApplication;
import io.apmreports.range.TimeRange;
import io.apmreports.sandbox.BadBody;
import io.apmreports.sandbox.Faults;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.testing.TestSandbox;

/** A run where too many applications failed ends FAILED and writes no file. */
@SpringBatchTest
@SpringBootTest(classes = ApmReportsApplication.class)
class FailedApplicationsIntegrationTests {

	private static final String KEY = "failed-test-key";

	@TempDir
	static Path workDir;

	// 3 of 13 applications answer nonsense: 23%, above the 10% allowed by default (a
	// deleted one, answering 404, would be gone instead, and not count)
	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo(KEY)
		.withFaults(Faults.none()
			.withBadBody(1001, BadBody.HTML)
			.withBadBody(1002, BadBody.NAN)
			.withBadBody(1003, BadBody.WRONG_TYPES)));

	@Autowired
	JobOperatorTestUtils jobOperatorTestUtils;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws IOException {
		sandbox.register(registry, workDir);
	}

	@Test
	void tooManyFailedApplicationsFailTheRunBeforeAnyFileIsWritten() throws Exception {
		// given
		Path output = workDir.resolve("output");
		TimeRange week = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");
		ReportRun run = new ReportRun("weekly-performance", sandbox.baseUrl().toString(), TestSandbox.DEMO_ACCOUNT,
				week, output, null);

		// when
		JobExecution execution = jobOperatorTestUtils.startJob(run.toJobParameters());

		// then
		assertThat(execution.getStatus()).isEqualTo(BatchStatus.FAILED);
		assertThat(RunResults.failureMessage(execution)).startsWith("3 of 13 applications failed (23%")
			.contains("unreadable answer");
		assertThat(output).doesNotExist();
	}

}
