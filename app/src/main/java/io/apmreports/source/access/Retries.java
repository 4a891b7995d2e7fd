package io.apmreports.source.access;

import java.time.Duration;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tries a request again on a {@link TransientFailure} as the retry policy allows. A "too
 * many requests" holds the whole pacer back, every thread of the client with it, because
 * the limit is the account's. Every failed request keeps its turn in the pacer (see
 * {@link RequestPacer#send}): the others wait until it is tried again, and then go one at
 * a time until it is through.
 */
public final class Retries {

	private static final Logger log = LoggerFactory.getLogger(Retries.class);

	private final RetryPolicy policy;

	private final RequestPacer pacer;

	public Retries(RetryPolicy policy, RequestPacer pacer) {
		this.policy = policy;
		this.pacer = pacer;
	}

	/**
	 * The first answer of {@code attempt} that is not a transient failure.
	 * @param onRetry told before each attempt after the first, for the statistics
	 */
	public <T> T call(Supplier<T> attempt, Runnable onRetry) {
		return call(attempt, onRetry, () -> {
		});
	}

	/**
	 * The same, telling {@code onTooManyRequests} of each answer that said too many
	 * requests.
	 */
	public <T> T call(Supplier<T> attempt, Runnable onRetry, Runnable onTooManyRequests) {
		boolean refused = false;
		try {
			for (int number = 1;; number++) {
				try {
					if (number > 1) {
						onRetry.run();
					}
					return attempt.get();
				}
				catch (RuntimeException ex) {
					if (!(ex instanceof TransientFailure failure) || !policy.allowsAnotherAfter(number)) {
						throw ex;
					}
					Duration delay = policy.delay(number, failure.retryAfter(), RetryPolicy.jitter());
					log.debug("{}; attempt {} of {} in {} ms", ex.getMessage(), number + 1, policy.maxAttempts(),
							delay.toMillis());
					if (!refused) {
						// a failing service is met one request at a time until this one
						// is
						// through, whatever it answered: a 500 as much as a 429
						refused = true;
						pacer.refused(true);
					}
					if (failure.tooManyRequests()) {
						onTooManyRequests.run();
						// the pacer does the waiting: it holds every thread back, and
						// then
						// lets this request, asked for before those that waited behind
						// it,
						// go first
						pacer.holdFor(delay, policy.initialBackoff());
					}
					else {
						pause(delay, ex);
					}
				}
			}
		}
		finally {
			pacer.giveUpTurn();
			if (refused) {
				pacer.refused(false);
			}
		}
	}

	private static void pause(Duration delay, RuntimeException failure) {
		try {
			Thread.sleep(delay.toMillis(), (int) (delay.toNanos() % 1_000_000));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw failure;
		}
	}

}
