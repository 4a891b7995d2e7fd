package io.apmreports.apm;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

class RequestPacerTests {

	private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-21T10:00:00Z"), ZoneOffset.UTC);

	private static final long SECOND = Duration.ofSeconds(1).toNanos();

	@Test
	void spacesRequestsEvenlyALittleUnderTheLimit() {
		// given 600 a minute: one every 100 ms, a little more with the headroom
		RequestPacer pacer = new RequestPacer(600, CLOCK);
		long interval = (long) (Duration.ofMinutes(1).toNanos() / (600 * RequestPacer.HEADROOM));

		// when three threads ask at the same moment
		long first = pacer.reserve(0);
		long second = pacer.reserve(0);
		long third = pacer.reserve(0);

		// then they go one interval apart, and no window of a minute holds more than the limit
		assertThat(first).isZero();
		assertThat(second).isEqualTo(interval);
		assertThat(third).isEqualTo(2 * interval);
		assertThat(Duration.ofMinutes(1).toNanos() / interval).isLessThan(600);
	}

	@Test
	void aCallerThatComesLateDoesNotWait() {
		RequestPacer pacer = new RequestPacer(600, CLOCK);
		pacer.reserve(0);

		assertThat(pacer.reserve(10 * SECOND)).isZero();
	}

	@Test
	void noCallsLeftBlocksUntilTheWindowResets() {
		// given the service says none are left until 30 s from now
		RequestPacer pacer = new RequestPacer(600, CLOCK);
		pacer.observe(0L, CLOCK.instant().plusSeconds(30).getEpochSecond(), 0);

		// then the next request waits for the reset
		assertThat(pacer.reserve(0)).isEqualTo(30 * SECOND);
	}

	@Test
	void fewCallsLeftAreSpreadOverTheRestOfTheWindow() {
		// given 10 calls left for the next 20 s: one every 2 s, slower than the 100 ms spacing
		RequestPacer pacer = new RequestPacer(600, CLOCK);
		pacer.observe(10L, CLOCK.instant().plusSeconds(20).getEpochSecond(), 0);

		assertThat(pacer.reserve(0)).isEqualTo(2 * SECOND);
	}

	@Test
	void aRateLimitAnswerHoldsEveryThreadBack() {
		RequestPacer pacer = RequestPacer.unlimited();

		pacer.holdFor(Duration.ofSeconds(2));

		assertThat(pacer.reserve(System.nanoTime())).isGreaterThan(SECOND);
	}

	@Test
	void withoutALimitNobodyWaits() {
		RequestPacer pacer = RequestPacer.unlimited();

		assertThat(pacer.reserve(0)).isZero();
		assertThat(pacer.reserve(0)).isZero();
	}

}
