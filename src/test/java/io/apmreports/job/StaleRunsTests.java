package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.LocalDateTime;

import org.junit.jupiter.api.Test;

class StaleRunsTests {

	private static final LocalDateTime NOW = LocalDateTime.parse("2026-11-21T10:00:00");

	@Test
	void aRunIsDeadOnlyOnceItWentTheWholeThresholdWithoutAnUpdate() {
		Duration threshold = Duration.ofMinutes(10);

		assertThat(StaleRuns.isStale(NOW.minusMinutes(9), NOW, threshold)).isFalse();
		assertThat(StaleRuns.isStale(NOW.minusMinutes(10), NOW, threshold)).isTrue();
		assertThat(StaleRuns.isStale(NOW.minusHours(3), NOW, threshold)).isTrue();
		assertThat(StaleRuns.isStale(NOW, NOW, Duration.ZERO)).isTrue();
	}

}
