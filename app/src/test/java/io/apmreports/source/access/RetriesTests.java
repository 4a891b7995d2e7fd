package io.apmreports.source.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class RetriesTests {

	@Test
	void aTooManyRequestsAnswerIsToldAndTriedAgain() {
		// given a service that says too many requests once, then a transient 503, then
		// answers
		AtomicInteger attempts = new AtomicInteger();
		AtomicInteger retried = new AtomicInteger();
		AtomicInteger tooMany = new AtomicInteger();
		Retries retries = new Retries(new RetryPolicy(5, Duration.ZERO, Duration.ZERO, Duration.ofSeconds(1)),
				new RequestPacer(0, Clock.systemUTC()));

		// when
		String answer = retries.call(() -> switch (attempts.incrementAndGet()) {
			case 1 -> throw new Refused(true);
			case 2 -> throw new Refused(false);
			default -> "answer";
		}, retried::incrementAndGet, tooMany::incrementAndGet);

		// then
		assertThat(answer).isEqualTo("answer");
		assertThat(retried).hasValue(2);
		assertThat(tooMany).hasValue(1);
	}

	/** A transient failure, "too many requests" or not. */
	private static final class Refused extends RuntimeException implements TransientFailure {

		private final boolean tooMany;

		Refused(boolean tooMany) {
			super(tooMany ? "HTTP 429" : "HTTP 503");
			this.tooMany = tooMany;
		}

		@Override
		public Duration retryAfter() {
			return Duration.ZERO;
		}

		@Override
		public boolean tooManyRequests() {
			return tooMany;
		}

	}

}
