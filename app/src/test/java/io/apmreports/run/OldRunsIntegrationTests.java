package io.apmreports.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.apmreports.ApmReportsApplication;
import io.apmreports.delivery.SentMessages;
import io.apmreports.history.FigureHistory;
import io.apmreports.history.HistoryFigures;
import io.apmreports.history.HistoryKey;
import io.apmreports.history.HistoryOrigin;
import io.apmreports.history.HistoryRow;
import io.apmreports.history.HistoryScope;
import io.apmreports.job.LaunchedDefinition;
import io.apmreports.job.ReportRun;
import io.apmreports.job.RunResults;
import io.apmreports.range.TimeRange;
import io.apmreports.report.ReportFiles;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.schedule.Scheduler;
import io.apmreports.testing.TestSandbox;

/**
 * {@code report.keep-for} over runs made by hand, as old as a test needs them: completed
 * ones older than it go with their folders and rows, every other run stays, and a folder
 * that another run still has files in stays too.
 */
@SpringBootTest(classes = ApmReportsApplication.class, properties = "report.keep-for=30d")
class OldRunsIntegrationTests {

	private static final LocalDateTime LONG_AGO = LocalDateTime.now().minusDays(60);

	@TempDir
	static Path workDir;

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox.of(SandboxOptions.demo("old-runs-test-key"));

	@Autowired
	Job reportJob;

	@Autowired
	JobRepository jobRepository;

	@Autowired
	LaunchedDefinition launchedDefinition;

	@Autowired
	SentMessages sent;

	@Autowired
	JdbcTemplate jdbc;

	@Autowired
	OldRuns oldRuns;

	@Autowired
	FigureHistory history;

	@Autowired
	Scheduler scheduler;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws IOException {
		sandbox.register(registry, workDir);
	}

	@Test
	void theHistorysPeriodsOlderThanHistoryKeepForAreForgottenAndTheOthersKept() {
		// given a week that ended 401 days ago and one that ended 399 days ago, kept
		// past keep-for (30 days) by history-keep-for (400 days by default)
		HistoryKey key = new HistoryKey("history-sweep", "demo", "1234567", "");
		OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS);
		TimeRange forgotten = new TimeRange(now.minusDays(408), now.minusDays(401));
		TimeRange kept = new TimeRange(now.minusDays(406), now.minusDays(399));
		for (TimeRange week : List.of(forgotten, kept)) {
			history.record(key, List.of(new HistoryRow(HistoryScope.REPORT, 0, "", null, week,
					HistoryFigures.headline(1.0, 1.0, 1.0, 1.0, 0.0), HistoryOrigin.RUN, 1L)), now);
		}

		// when old runs are removed
		oldRuns.remove(Duration.ZERO);

		// then only the older week is forgotten
		assertThat(history.periods(key)).extracting(period -> period.to().toInstant())
			.containsExactly(kept.to().toInstant());
	}

	@Test
	void completedRunsOlderThanKeepForGoWithTheirFoldersAndEveryOtherRunStays() throws IOException {
		// given, 60 days after they ended, a completed run with its files, preview,
		// staging rows and delivery record; a failed one; and a completed one of
		// yesterday; and a day's estimate kept for the cost report as long ago
		jdbc.update("INSERT INTO APM_INGEST_ESTIMATE (ACCOUNT_ID, MEASURED_DAY, USAGE_METRIC, APPLICATION, BYTES, "
				+ "MEASURED_AT) VALUES (1234567, DATE '2026-09-07', 'ApmEventsBytes', '', 1000, '2026-09-08T01:00Z')");
		JobExecution old = run("2026-09-07", null, BatchStatus.COMPLETED, LONG_AGO);
		ReportFiles oldFiles = files(old, LONG_AGO);
		JobExecution failed = run("2026-09-14", null, BatchStatus.FAILED, LONG_AGO);
		ReportFiles failedFiles = files(failed, LONG_AGO);
		JobExecution recent = run("2026-09-21", null, BatchStatus.COMPLETED, LocalDateTime.now().minusDays(1));
		ReportFiles recentFiles = files(recent, LocalDateTime.now().minusDays(1));

		// when the scheduler's catch-up window still covers them all, nothing goes
		assertThat(oldRuns.remove(Duration.ofDays(90))).isZero();
		assertThat(oldFiles.directory()).isDirectory();

		// when it does not
		int removed = oldRuns.remove(Duration.ZERO);

		// then only the old completed run went, every trace of it
		assertThat(removed).isOne();
		assertThat(rows("BATCH_JOB_INSTANCE", "JOB_INSTANCE_ID", old.getJobInstance().getInstanceId())).isZero();
		assertThat(rows("BATCH_JOB_EXECUTION", "JOB_EXECUTION_ID", old.getId())).isZero();
		assertThat(rows("BATCH_JOB_EXECUTION_PARAMS", "JOB_EXECUTION_ID", old.getId())).isZero();
		assertThat(rows("BATCH_STEP_EXECUTION", "JOB_EXECUTION_ID", old.getId())).isZero();
		assertThat(rows("APM_REPORT_APPLICATION", "JOB_INSTANCE_ID", old.getJobInstance().getInstanceId())).isZero();
		assertThat(rows("APM_REPORT_DELIVERY", "JOB_INSTANCE_ID", old.getJobInstance().getInstanceId())).isZero();
		assertThat(rows("APM_REPORT_COST_ROW", "JOB_INSTANCE_ID", old.getJobInstance().getInstanceId())).isZero();
		// but not the daily estimates kept for the cost report, no run's rows
		assertThat(rows("APM_INGEST_ESTIMATE", "ACCOUNT_ID", 1234567)).isOne();
		assertThat(oldFiles.directory()).doesNotExist();
		assertThat(oldFiles.previewFile().getParent()).doesNotExist();
		// and the failed run, which may be restarted, and yesterday's stay as they were
		assertThat(rows("BATCH_JOB_EXECUTION", "JOB_EXECUTION_ID", failed.getId())).isOne();
		assertThat(rows("APM_REPORT_APPLICATION", "JOB_INSTANCE_ID", failed.getJobInstance().getInstanceId())).isOne();
		assertThat(rows("APM_REPORT_COST_ROW", "JOB_INSTANCE_ID", failed.getJobInstance().getInstanceId())).isOne();
		assertThat(failedFiles.directory().resolve("summary.csv")).isRegularFile();
		assertThat(rows("BATCH_JOB_EXECUTION", "JOB_EXECUTION_ID", recent.getId())).isOne();
		assertThat(recentFiles.directory().resolve("summary.csv")).isRegularFile();
	}

	@Test
	void aFolderStaysWhileARunThatStaysOrALaterRunElsewhereHasFilesInIt() throws IOException {
		// given two old completed runs: one whose range a later forced run, failed at
		// delivery, shares; one whose folder another job repository's run wrote since
		JobExecution shared = run("2026-08-03", null, BatchStatus.COMPLETED, LONG_AGO);
		ReportFiles sharedFiles = files(shared, LONG_AGO);
		JobExecution forced = run("2026-08-03", "2026-11-01T00:00:00Z", BatchStatus.FAILED, LONG_AGO.plusDays(1));
		JobExecution rewritten = run("2026-08-10", null, BatchStatus.COMPLETED, LONG_AGO);
		ReportFiles rewrittenFiles = files(rewritten, LONG_AGO);
		Files.writeString(rewrittenFiles.directory().resolve("summary.csv"), "written later\r\n");

		// when
		int removed = oldRuns.remove(Duration.ZERO);

		// then both runs went, their folders stayed with the other runs' files
		assertThat(removed).isEqualTo(2);
		assertThat(rows("BATCH_JOB_EXECUTION", "JOB_EXECUTION_ID", shared.getId())).isZero();
		assertThat(rows("BATCH_JOB_EXECUTION", "JOB_EXECUTION_ID", rewritten.getId())).isZero();
		assertThat(rows("BATCH_JOB_EXECUTION", "JOB_EXECUTION_ID", forced.getId())).isOne();
		assertThat(sharedFiles.directory().resolve("summary.csv")).isRegularFile();
		assertThat(rewrittenFiles.directory().resolve("summary.csv")).hasContent("written later");
	}

	@Test
	void theSchedulerRemovesThemAtItsStart() throws IOException {
		// given an old completed run
		JobExecution old = run("2026-07-06", null, BatchStatus.COMPLETED, LONG_AGO);
		ReportFiles oldFiles = files(old, LONG_AGO);

		// when a scheduler starts (told to stop at once, so that it returns after its
		// start)
		scheduler.stop();
		scheduler.run(List.of());

		// then
		assertThat(rows("BATCH_JOB_EXECUTION", "JOB_EXECUTION_ID", old.getId())).isZero();
		assertThat(oldFiles.directory()).doesNotExist();
	}

	/**
	 * A run of the week from {@code monday}, ended as told, with a staged application.
	 */
	private JobExecution run(String monday, String forcedAt, BatchStatus status, LocalDateTime endedAt) {
		TimeRange week = TimeRange.parse(monday + "T00:00:00+02:00",
				LocalDateTime.parse(monday + "T00:00:00").plusDays(7) + ":00+02:00");
		JobParameters parameters = new ReportRun("weekly-performance", sandbox.baseUrl().toString(),
				TestSandbox.DEMO_ACCOUNT, week, workDir.resolve("out"), forcedAt, List.of("ops@example.com"))
			.toJobParameters();
		JobInstance instance = jobRepository.createJobInstance(reportJob.getName(), parameters);
		JobExecution execution = jobRepository.createJobExecution(instance, parameters, new ExecutionContext());
		StepExecution write = jobRepository.createStepExecution(RunResults.writeStep(), execution);
		write.setStatus(BatchStatus.COMPLETED);
		write.setEndTime(endedAt.minusMinutes(1));
		jobRepository.update(write);
		execution.setStatus(status);
		execution.setEndTime(endedAt);
		jobRepository.update(execution);
		jdbc.update("INSERT INTO APM_REPORT_APPLICATION (JOB_INSTANCE_ID, APPLICATION_ID, NAME, REPORTING, HOST_COUNT, "
				+ "INSTANCE_COUNT) VALUES (?, 1, 'Checkout', TRUE, 1, 1)", instance.getInstanceId());
		jdbc.update("INSERT INTO APM_REPORT_COST_ROW (JOB_INSTANCE_ID, ACCOUNT_ID, USAGE_METRIC, GIGABYTES) "
				+ "VALUES (?, 1234567, 'LoggingBytes', 4)", instance.getInstanceId());
		sent.record(instance.getInstanceId(), "ops@example.com", "<id@example.com>", Instant.now());
		return execution;
	}

	/** The run's folder with a file written as it published, and a preview beside it. */
	private ReportFiles files(JobExecution execution, LocalDateTime writtenAt) throws IOException {
		ReportFiles files = launchedDefinition.of(execution).files();
		Path summary = Files.createDirectories(files.directory()).resolve("summary.csv");
		Files.writeString(summary, "application_id\r\n");
		Files.setLastModifiedTime(summary,
				FileTime.from(writtenAt.minusMinutes(2).atZone(ZoneId.systemDefault()).toInstant()));
		Files.createDirectories(files.previewFile().getParent());
		Files.writeString(files.previewFile(), "Subject: preview\r\n");
		return files;
	}

	private long rows(String table, String column, long id) {
		return jdbc.queryForObject("SELECT COUNT(*) FROM " + table + " WHERE " + column + " = ?", Long.class, id);
	}

}
