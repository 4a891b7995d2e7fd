package io.apmreports.web.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

/**
 * The wait after wrong passwords: none for the free failures, then doubling from the
 * first delay up to a quarter of an hour, and none again after a right password.
 */
class LoginThrottleTests {

	private final MovableClock clock = new MovableClock();

	private final LoginThrottle throttle = new LoginThrottle(clock, 3, Duration.ofSeconds(30));

	@Test
	void theFreeFailuresMakeNoOneWait() {
		fail(3, "name:ana");

		assertThat(throttle.wait("name:ana")).isEmpty();
	}

	@Test
	void eachFailureAfterTheFreeOnesDoublesTheWait() {
		fail(4, "name:ana");
		assertThat(throttle.wait("name:ana")).hasValue(Duration.ofSeconds(30));

		throttle.failed("name:ana");
		assertThat(throttle.wait("name:ana")).hasValue(Duration.ofSeconds(60));

		throttle.failed("name:ana");
		assertThat(throttle.wait("name:ana")).hasValue(Duration.ofSeconds(120));
	}

	@Test
	void theWaitCountsDownWithTheClockAndEnds() {
		fail(4, "name:ana");

		clock.move(Duration.ofSeconds(20));
		assertThat(throttle.wait("name:ana")).hasValue(Duration.ofSeconds(10));
		clock.move(Duration.ofSeconds(10));
		assertThat(throttle.wait("name:ana")).isEmpty();
	}

	@Test
	void theWaitIsCappedAtAQuarterOfAnHour() {
		fail(200, "name:ana");

		assertThat(throttle.wait("name:ana")).hasValue(Duration.ofMinutes(15));
	}

	@Test
	void aRightPasswordClearsTheCount() {
		fail(10, "name:ana", "address:10.0.0.7");

		throttle.succeeded("name:ana", "address:10.0.0.7");

		assertThat(throttle.wait("name:ana", "address:10.0.0.7")).isEmpty();
		fail(3, "name:ana");
		assertThat(throttle.wait("name:ana")).isEmpty();
	}

	@Test
	void theLongestWaitOfTheNameAndTheAddressCounts() {
		// given failures from one address over many names, and one for ana
		for (int name = 0; name < 6; name++) {
			throttle.failed("name:user" + name, "address:10.0.0.7");
		}
		throttle.failed("name:ana");

		// then ana from that address waits as the address must; from another, not at all
		assertThat(throttle.wait("name:ana", "address:10.0.0.7")).hasValue(Duration.ofSeconds(120));
		assertThat(throttle.wait("name:ana", "address:10.0.0.8")).isEmpty();
	}

	@Test
	void guessesOverEverNewNamesForgetOnlyTheLongQuietOnes() {
		// given a throttle keeping 5 keys, ana waiting, and 5 names failed long ago
		LoginThrottle small = new LoginThrottle(clock, 0, Duration.ofSeconds(30), 5);
		for (int name = 0; name < 5; name++) {
			small.failed("name:old" + name);
		}
		clock.move(Duration.ofMinutes(16));
		small.failed("name:ana");

		// when a sixth name fails
		small.failed("name:new");

		// then the old names are forgotten, ana still waits
		assertThat(small.wait("name:ana")).hasValue(Duration.ofSeconds(30));
		assertThat(small.wait("name:new")).hasValue(Duration.ofSeconds(30));
		assertThat(small.wait("name:old0")).isEmpty();
		small.failed("name:old0");
		assertThat(small.wait("name:old0")).as("counted from one again").hasValue(Duration.ofSeconds(30));
	}

	@Test
	void aWaitIsToldInWords() {
		assertThat(ThrottledLogins.words(Duration.ofMillis(400))).isEqualTo("1 second");
		assertThat(ThrottledLogins.words(Duration.ofSeconds(30))).isEqualTo("30 seconds");
		assertThat(ThrottledLogins.words(Duration.ofSeconds(119))).isEqualTo("119 seconds");
		assertThat(ThrottledLogins.words(Duration.ofMinutes(15))).isEqualTo("15 minutes");
	}

	private void fail(int times, String... keys) {
		for (int i = 0; i < times; i++) {
			throttle.failed(keys);
		}
	}

}
