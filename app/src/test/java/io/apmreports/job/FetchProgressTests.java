package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class FetchProgressTests {

	@Test
	void beforeAnyApplicationIsDoneNothingIsSaidOfTheTimeLeft() {
		// when no application is done yet, there is no pace to tell the time left by
		String line = FetchProgress.line(StepWords.FIGURES, 0, 40, 30, Duration.ofSeconds(6));

		// then
		assertThat(line).isEqualTo("Fetching figures: 0 of 40 applications, 300 requests/min")
			.doesNotContain("unknown");
	}

	@Test
	void onceApplicationsAreDoneTheTimeLeftIsAtTheirPace() {
		// when a quarter is done in a minute
		String line = FetchProgress.line(StepWords.FIGURES, 10, 40, 120, Duration.ofMinutes(1));

		// then
		assertThat(line).isEqualTo("Fetching figures: 10 of 40 applications, about 3 min left, 120 requests/min");
	}

	@Test
	void eachSectionsLineNamesItsSection() {
		// when the sections fetched side by side tell how they go, without requests of
		// their own
		String previous = FetchProgress.line(StepWords.PREVIOUS, 20, 40, -1, Duration.ofMinutes(1));
		String hosts = FetchProgress.line(StepWords.HOSTS, 10, 40, -1, Duration.ofMinutes(1));
		String trends = FetchProgress.line(StepWords.TRENDS, 0, 40, -1, Duration.ofMinutes(1));

		// then
		assertThat(previous).isEqualTo("Fetching the previous period: 20 of 40 applications, about 1 min left");
		assertThat(hosts).isEqualTo("Fetching hosts: 10 of 40 applications, about 3 min left");
		assertThat(trends).isEqualTo("Fetching trends: 0 of 40 applications");
	}

	@Test
	void theBarFillsAsFarAsTheFetchIsDone() {
		assertThat(FetchProgress.bar(0, 40)).isEqualTo("[" + " ".repeat(20) + "]");
		assertThat(FetchProgress.bar(20, 40)).isEqualTo("[" + "#".repeat(10) + " ".repeat(10) + "]");
		assertThat(FetchProgress.bar(40, 40)).isEqualTo("[" + "#".repeat(20) + "]");
	}

}
