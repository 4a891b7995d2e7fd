package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.step.StepExecution;

class RunProgressTests {

	private static final Instant NOW = Instant.parse("2026-11-16T06:10:00Z");

	private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

	private final AtomicLong ids = new AtomicLong();

	@Test
	void aRunningFetchTellsItsApplicationsDoneOfAllAndTheTimeLeftInWords() {
		// given a run at its trends, 120 of 400 applications done in a minute
		JobExecution execution = running();
		step(execution, "fetchFigures", BatchStatus.COMPLETED, 400, 400, 5);
		step(execution, "fetchTrends", BatchStatus.STARTED, 120, 400, 1);

		// when
		RunProgress progress = RunProgress.of(execution, CLOCK).orElseThrow();

		// then 280 left at 2 a second
		assertThat(progress).isEqualTo(new RunProgress("fetchTrends", "trends", 120, 400, Duration.ofSeconds(140)));
		assertThat(progress.line()).isEqualTo("Fetching trends: 120 of 400 applications, about 2 min left");
	}

	@Test
	void ofTheSectionsFetchedSideBySideItNamesTheOneTheRunWaitsFor() {
		// given the sections' steps going on side by side, and one of them done
		JobExecution execution = running();
		step(execution, "fetchPrevious", BatchStatus.STARTED, 300, 400, 3);
		step(execution, "fetchHosts", BatchStatus.COMPLETED, 400, 400, 3);
		step(execution, "fetchTrends", BatchStatus.STARTED, 100, 400, 3);
		step(execution, "fetchKeyTransactions", BatchStatus.STARTED, 0, 0, 3);

		// when
		RunProgress progress = RunProgress.of(execution, CLOCK).orElseThrow();

		// then the one with the most applications left, and every running step in step
		// order
		assertThat(progress.section()).isEqualTo("trends");
		assertThat(RunProgress.steps(execution, CLOCK)).extracting(RunProgress::line)
			.containsExactly("Fetching the previous period: 300 of 400 applications, about 1 min left",
					"Fetching trends: 100 of 400 applications, about 9 min left", "Fetching key transactions");
	}

	@Test
	void beforeAnyApplicationIsDoneNoTimeLeftIsTold() {
		// given a fetch that has done nothing yet
		JobExecution execution = running();
		step(execution, "fetchFigures", BatchStatus.STARTED, 0, 400, 1);

		// when
		RunProgress progress = RunProgress.of(execution, CLOCK).orElseThrow();

		// then
		assertThat(progress.left()).isNull();
		assertThat(progress.line()).isEqualTo("Fetching figures: 0 of 400 applications");
	}

	@Test
	void aFetchDoneWithItsApplicationsTellsNoTimeLeft() {
		// given a fetch whose last chunk is written as it ends
		JobExecution execution = running();
		step(execution, "fetchHosts", BatchStatus.STARTED, 400, 400, 1);

		// when
		RunProgress progress = RunProgress.of(execution, CLOCK).orElseThrow();

		// then
		assertThat(progress.left()).isEqualTo(Duration.ZERO);
		assertThat(progress.line()).isEqualTo("Fetching hosts: 400 of 400 applications");
	}

	@Test
	void aStepThatCountsNoApplicationsIsSaidInWords() {
		// given a run writing its files
		JobExecution execution = running();
		step(execution, "writeFiles", BatchStatus.STARTED, 0, 0, 1);

		// when
		RunProgress progress = RunProgress.of(execution, CLOCK).orElseThrow();

		// then
		assertThat(progress).isEqualTo(new RunProgress("writeFiles", "files", 0, 0, null));
		assertThat(progress.line()).isEqualTo("Writing the files");
	}

	@Test
	void aStepOfAnUnknownNameIsNeverShownByItsName() {
		// given a step this version does not know
		JobExecution execution = running();
		step(execution, "sendPostcards", BatchStatus.STARTED, 0, 0, 1);

		// when
		RunProgress progress = RunProgress.of(execution, CLOCK).orElseThrow();

		// then
		assertThat(progress.section()).isEqualTo("report");
		assertThat(progress.line()).isEqualTo("Running the report").doesNotContain("sendPostcards");
	}

	@Test
	void aRunThatIsNotRunningHasNoProgress() {
		// given a run that failed while at its trends
		JobExecution execution = running();
		step(execution, "fetchTrends", BatchStatus.STARTED, 120, 400, 1);
		execution.setStatus(BatchStatus.FAILED);

		// when, then
		assertThat(RunProgress.of(execution, CLOCK)).isEmpty();
		assertThat(RunProgress.steps(execution, CLOCK)).isEmpty();
	}

	@Test
	void aRunBetweenStepsHasNoProgress() {
		// given a run whose figures are fetched and whose next step has not begun
		JobExecution execution = running();
		step(execution, "fetchFigures", BatchStatus.COMPLETED, 400, 400, 1);

		// when, then
		assertThat(RunProgress.of(execution, CLOCK)).isEmpty();
	}

	@Test
	void theTimeLeftIsToldInMinutesAndHours() {
		assertThat(RunProgress.words(Duration.ofSeconds(59))).isEqualTo("less than a minute left");
		assertThat(RunProgress.words(Duration.ofSeconds(90))).isEqualTo("about 2 min left");
		assertThat(RunProgress.words(Duration.ofMinutes(60))).isEqualTo("about 1 h left");
		assertThat(RunProgress.words(Duration.ofMinutes(141))).isEqualTo("about 2 h 21 min left");
	}

	private JobExecution running() {
		JobExecution execution = new JobExecution(ids.incrementAndGet(), new JobInstance(1, "report"),
				new JobParameters());
		execution.setStatus(BatchStatus.STARTED);
		return execution;
	}

	/**
	 * A step as the job repository keeps it: its total in its context, its done as its
	 * write count, started {@code minutesAgo}.
	 */
	private void step(JobExecution execution, String name, BatchStatus status, long done, long total, long minutesAgo) {
		StepExecution step = new StepExecution(ids.incrementAndGet(), name, execution);
		step.setStatus(status);
		step.setWriteCount(done);
		step.setStartTime(LocalDateTime.ofInstant(NOW.minus(Duration.ofMinutes(minutesAgo)), ZoneOffset.UTC));
		if (total > 0) {
			step.getExecutionContext().putLong(RunProgress.TOTAL_KEY, total);
		}
		execution.addStepExecution(step);
	}

}
