package io.apmreports.source.rest.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;

class ApmErrorsTests {

	@Test
	void readsRetryAfterInSecondsOrAsADateAndFallsBackToTheRateLimitReset() {
		Clock clock = Clock.fixed(Instant.parse("2026-11-21T10:00:00Z"), ZoneOffset.UTC);

		assertThat(ApmErrors.retryAfter(headers("Retry-After", "3"), clock)).isEqualTo(Duration.ofSeconds(3));
		assertThat(ApmErrors.retryAfter(headers("Retry-After", "Sat, 21 Nov 2026 10:00:09 GMT"), clock))
			.isEqualTo(Duration.ofSeconds(9));
		assertThat(ApmErrors.retryAfter(headers("X-RateLimit-Reset", "1795255215"), clock))
			.isEqualTo(Duration.between(clock.instant(), Instant.ofEpochSecond(1795255215)));
		assertThat(ApmErrors.retryAfter(headers("X-RateLimit-Reset", "1000"), clock)).isEqualTo(Duration.ZERO);
		assertThat(ApmErrors.retryAfter(headers("Retry-After", "soon"), clock)).isNull();
		assertThat(ApmErrors.retryAfter(new HttpHeaders(), clock)).isNull();
	}

	private static HttpHeaders headers(String name, String value) {
		HttpHeaders headers = new HttpHeaders();
		headers.add(name, value);
		return headers;
	}

}
