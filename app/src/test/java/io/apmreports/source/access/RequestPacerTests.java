package io.apmreports.source.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

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

		// then they go one interval apart, and no window of a minute holds more than the
		// limit
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
		// given 10 calls left for the next 20 s: one every 2 s, slower than the 100 ms
		// spacing
		RequestPacer pacer = new RequestPacer(600, CLOCK);
		pacer.observe(10L, CLOCK.instant().plusSeconds(20).getEpochSecond(), 0);

		assertThat(pacer.reserve(0)).isEqualTo(2 * SECOND);
	}

	@Test
	void aRateLimitAnswerHoldsEveryThreadBack() {
		RequestPacer pacer = RequestPacer.unlimited();

		pacer.holdFor(Duration.ofSeconds(2), Duration.ZERO);

		assertThat(pacer.reserve(System.nanoTime())).isGreaterThan(SECOND);
	}

	@Test
	void afterARateLimitAnswerTheThreadsThatWaitedAreReleasedOneAfterAnother() {
		// given no pacing, and a 429 that holds everyone back for 1 s while two threads
		// wait besides the one that met it, with 300 ms of retry jitter to spread them
		// over
		RequestPacer pacer = RequestPacer.unlimited();
		pacer.holdFor(Duration.ofSeconds(1), Duration.ofMillis(300), 3, 0);

		// when five threads ask at once
		List<Long> waits = Stream.generate(() -> pacer.reserve(0)).limit(5).toList();

		// then the three go 100 ms apart after the hold, and the staggering ends with
		// them
		long millisecond = Duration.ofMillis(1).toNanos();
		assertThat(waits).containsExactly(1000 * millisecond, 1100 * millisecond, 1200 * millisecond,
				1300 * millisecond, 1300 * millisecond);
	}

	@Test
	void theStaggerNeverMakesRequestsCloserThanThePacing() {
		// given 600 a minute, and a hold whose jitter spread is tighter than the pacing
		// interval
		RequestPacer pacer = new RequestPacer(600, CLOCK);
		long interval = (long) (Duration.ofMinutes(1).toNanos() / (600 * RequestPacer.HEADROOM));
		pacer.holdFor(Duration.ofSeconds(1), Duration.ofMillis(3), 3, 0);

		// then the pacing interval still spaces them
		assertThat(pacer.reserve(0)).isEqualTo(SECOND);
		assertThat(pacer.reserve(0)).isEqualTo(SECOND + interval);
	}

	@Test
	void aRequestAskedForEarlierGoesFirstWhateverTheOrderItQueuedIn() {
		// given a request tried again, first asked for 5 s ago, that queues after one
		// asked for just now
		long now = 1_000 * SECOND;
		TurnQueue.Turn fresh = new TurnQueue.Turn(now, 1);
		TurnQueue.Turn retried = new TurnQueue.Turn(now - 5 * SECOND, 2);

		// then the retried one goes first; of two asked for at the same moment, the one
		// that queued first
		assertThat(retried).isLessThan(fresh);
		assertThat(new TurnQueue.Turn(now, 1)).isLessThan(new TurnQueue.Turn(now, 2));
		// and nanoTime wrapping around does not turn the order over
		assertThat(new TurnQueue.Turn(Long.MAX_VALUE, 1)).isLessThan(new TurnQueue.Turn(Long.MIN_VALUE, 2));
	}

	@Test
	void whileARefusedRequestWaitsToBeTriedAgainRequestsGoOneAtATime() throws Exception {
		// given one request on its way, and another that was refused with 429
		RequestPacer pacer = RequestPacer.unlimited();
		pacer.acquire(System.nanoTime());
		pacer.refused(true);

		// when a third asks for its turn
		Thread third = new Thread(() -> pacer.acquire(System.nanoTime()));
		third.start();
		while (third.getState() != Thread.State.WAITING && third.getState() != Thread.State.TERMINATED) {
			Thread.onSpinWait();
		}

		// then it waits for the one on its way to be answered, and goes then
		assertThat(third.isAlive()).isTrue();
		pacer.answered();
		third.join(10_000);
		assertThat(third.isAlive()).isFalse();
	}

	@Test
	void aRequestThatFailedKeepsItsTurnSoThatNoOtherGoesBeforeItsNextAttempt() throws Exception {
		// given a request that failed with a 500, from a service that fails every second
		// request
		RequestPacer pacer = RequestPacer.unlimited();
		long askedAt = System.nanoTime();
		assertThatThrownBy(() -> pacer.send(askedAt, () -> {
			throw new ServerError();
		})).isInstanceOf(ServerError.class);
		// (as the retries then register it, so that requests go one at a time)
		pacer.refused(true);

		// when another request asks for its turn before the failed one is tried again
		List<String> sent = new CopyOnWriteArrayList<>();
		Thread other = new Thread(() -> pacer.send(System.nanoTime(), () -> sent.add("other")));
		other.start();
		while (other.getState() != Thread.State.WAITING && other.getState() != Thread.State.TERMINATED) {
			Thread.onSpinWait();
		}

		// then it waits, and the failed request is the next one sent
		assertThat(other.isAlive()).isTrue();
		pacer.send(askedAt, () -> sent.add("tried again"));
		pacer.giveUpTurn();
		pacer.refused(false);
		other.join(10_000);
		assertThat(other.isAlive()).isFalse();
		assertThat(sent).containsExactly("tried again", "other");
	}

	@Test
	void aTurnGivenUpLetsTheOthersGo() throws Exception {
		// given a request that failed, and another waiting behind its kept turn
		RequestPacer pacer = RequestPacer.unlimited();
		assertThatThrownBy(() -> pacer.send(System.nanoTime(), () -> {
			throw new ServerError();
		})).isInstanceOf(ServerError.class);
		Thread other = new Thread(() -> pacer.send(System.nanoTime(), () -> "sent"));
		other.start();
		while (other.getState() != Thread.State.WAITING && other.getState() != Thread.State.TERMINATED) {
			Thread.onSpinWait();
		}
		assertThat(other.isAlive()).isTrue();

		// when the failed request is not tried again (its attempts are spent)
		pacer.giveUpTurn();

		// then the other goes
		other.join(10_000);
		assertThat(other.isAlive()).isFalse();
	}

	/** A 500, as a client types it. */
	private static final class ServerError extends RuntimeException implements TransientFailure {

		ServerError() {
			super("answered 500");
		}

		@Override
		public Duration retryAfter() {
			return null;
		}

		@Override
		public boolean tooManyRequests() {
			return false;
		}

	}

	@Test
	void withoutARefusedRequestRequestsDoNotWaitForEachOther() {
		// given a request refused with 429 that went through on a later attempt
		RequestPacer pacer = RequestPacer.unlimited();
		pacer.refused(true);
		pacer.refused(false);

		// when two requests ask for their turn, the first not yet answered then the
		// second gets it too
		assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
			pacer.acquire(System.nanoTime());
			pacer.acquire(System.nanoTime());
		});
	}

	@Test
	void withoutALimitNobodyWaits() {
		RequestPacer pacer = RequestPacer.unlimited();

		assertThat(pacer.reserve(0)).isZero();
		assertThat(pacer.reserve(0)).isZero();
	}

}
