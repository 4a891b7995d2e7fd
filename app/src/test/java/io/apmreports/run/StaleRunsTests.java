package io.apmreports.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;

import io.apmreports.failure.UserFacingException;
import io.apmreports.job.ReportProperties;

class StaleRunsTests {

	private static final LocalDateTime NOW = LocalDateTime.parse("2026-11-21T10:00:00");

	@Test
	void aRunUpdatedRecentlyIsNeverTakenOver() {
		// given a run that another node updated a minute ago
		JobExecution live = new JobExecution(7, new JobInstance(3, "report"), new JobParameters());
		live.setStatus(BatchStatus.STARTED);
		live.setLastUpdated(NOW.minusMinutes(1));
		ReportProperties properties = new ReportProperties(Path.of("reports"), Path.of("output"), 200, 0.1,
				Duration.ofMinutes(10), 8, Duration.ofSeconds(5), Duration.ofMinutes(2), "./data", null,
				Duration.ofDays(400), Duration.ofDays(400), 8);
		StaleRuns staleRuns = new StaleRuns(null, Clock.fixed(NOW.toInstant(ZoneOffset.UTC), ZoneOffset.UTC),
				properties);

		// when / then it is refused with one line, and nothing is recovered (there is no
		// operator to call)
		assertThatThrownBy(() -> staleRuns.recoverIfDead(live)).isInstanceOf(UserFacingException.class)
			.hasMessageContaining("run 7 of this report and range is still going");
	}

	@Test
	void aRunIsDeadOnlyOnceItWentTheWholeThresholdWithoutAnUpdate() {
		Duration threshold = Duration.ofMinutes(10);

		assertThat(StaleRuns.isStale(NOW.minusMinutes(9), NOW, threshold)).isFalse();
		assertThat(StaleRuns.isStale(NOW.minusMinutes(10), NOW, threshold)).isTrue();
		assertThat(StaleRuns.isStale(NOW.minusHours(3), NOW, threshold)).isTrue();
		assertThat(StaleRuns.isStale(NOW, NOW, Duration.ZERO)).isTrue();
	}

}
