package io.apmreports.source.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

class RetryPolicyTests {

	private final RetryPolicy policy = new RetryPolicy(5, Duration.ofMillis(100), Duration.ofSeconds(1),
			Duration.ofSeconds(30));

	@Test
	void backoffDoublesWithJitterBetweenHalfAndAllOfIt() {
		assertThat(policy.delay(1, null, 0.0)).isEqualTo(Duration.ofMillis(50));
		assertThat(policy.delay(1, null, 0.999)).isBetween(Duration.ofMillis(99), Duration.ofMillis(100));
		assertThat(policy.delay(3, null, 0.0)).isEqualTo(Duration.ofMillis(200));
		assertThat(policy.delay(20, null, 0.0)).isEqualTo(Duration.ofMillis(500));
	}

	@Test
	void whatTheServiceAsksForIsHonouredUpToTheCap() {
		assertThat(policy.delay(1, Duration.ofSeconds(7), 0.0)).isEqualTo(Duration.ofSeconds(7));
		assertThat(policy.delay(1, Duration.ofHours(1), 0.0)).isEqualTo(Duration.ofSeconds(30));
	}

	@Test
	void whatTheServiceAsksForGetsUpToOneInitialBackoffOfJitterOnTop() {
		// given a seeded source of jitter
		Random random = new Random(2026);

		// when a thousand clients are told Retry-After: 7, and one told to wait an hour
		List<Duration> waits = Stream.generate(() -> policy.delay(1, Duration.ofSeconds(7), random.nextDouble()))
			.limit(1000)
			.toList();
		Duration capped = policy.delay(1, Duration.ofHours(1), random.nextDouble());

		// then each waits at least what was asked for and less than 100 ms more, and they
		// are spread over it
		assertThat(waits).allSatisfy(wait -> assertThat(wait).isGreaterThanOrEqualTo(Duration.ofSeconds(7))
			.isLessThan(Duration.ofMillis(7100)));
		assertThat(Collections.min(waits)).isLessThan(Duration.ofMillis(7010));
		assertThat(Collections.max(waits)).isGreaterThan(Duration.ofMillis(7090));
		assertThat(capped).isGreaterThanOrEqualTo(Duration.ofSeconds(30)).isLessThan(Duration.ofMillis(30_100));
	}

	@Test
	void attemptsAreBounded() {
		assertThat(policy.allowsAnotherAfter(4)).isTrue();
		assertThat(policy.allowsAnotherAfter(5)).isFalse();
		assertThat(RetryPolicy.none().allowsAnotherAfter(1)).isFalse();
	}

}
