package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class FetchProgressTests {

	@Test
	void beforeAnyApplicationIsDoneNothingIsSaidOfTheTimeLeft() {
		// when no application is done yet, there is no pace to tell the time left by
		String line = FetchProgress.line(0, 40, 30, Duration.ofSeconds(6));

		// then
		assertThat(line).isEqualTo("0/40 applications, 300 requests/min").doesNotContain("unknown");
	}

	@Test
	void onceApplicationsAreDoneTheTimeLeftIsAtTheirPace() {
		// when a quarter is done in a minute
		String line = FetchProgress.line(10, 40, 120, Duration.ofMinutes(1));

		// then
		assertThat(line).isEqualTo("10/40 applications, 120 requests/min, about 3m0s left");
	}

	@Test
	void theBarFillsAsFarAsTheFetchIsDone() {
		assertThat(FetchProgress.bar(0, 40)).isEqualTo("[" + " ".repeat(30) + "]");
		assertThat(FetchProgress.bar(20, 40)).isEqualTo("[" + "#".repeat(15) + " ".repeat(15) + "]");
		assertThat(FetchProgress.bar(40, 40)).isEqualTo("[" + "#".repeat(30) + "]");
	}

}
