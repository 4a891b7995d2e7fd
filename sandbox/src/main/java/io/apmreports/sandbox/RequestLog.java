package io.apmreports.sandbox;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * Counts of the requests a {@link SandboxServer} answered, so tests and benchmarks can
 * check how many calls a client made (for example that metric names are listed once per
 * application, not per range). Kinds: {@code applications}, {@code application},
 * {@code hosts}, {@code instances}, {@code metric-names}, {@code metric-data},
 * {@code host-metric-data}, {@code key-transactions}, {@code key-transaction}, and
 * {@code graphql} for the NerdGraph face (refused ones over its in-flight limit too). A
 * request counts under its kind whatever its answer, including the answers of
 * {@link Faults}; requests to unknown paths count only in the total. Connections closed
 * without an answer count as {@linkplain #dropped() dropped}. The requests for a time
 * series (REST metric data not summarized, NRQL with {@code TIMESERIES}) are also counted
 * {@linkplain #seriesRequests() apart}, so a test can tell when a run is fetching trends,
 * and so are the requests a refusal answered ({@link #refused()}), and the NRQL answers
 * whose facets the facet limit cut are {@linkplain #cutAnswers() counted}, which the
 * answers themselves do not tell.
 */
public final class RequestLog {

	private final LongAdder total = new LongAdder();

	private final Map<String, LongAdder> byKind = new ConcurrentHashMap<>();

	private final Map<Integer, LongAdder> failuresByStatus = new ConcurrentHashMap<>();

	private final LongAdder dropped = new LongAdder();

	private final LongAdder series = new LongAdder();

	private final LongAdder refused = new LongAdder();

	private final LongAdder cut = new LongAdder();

	/**
	 * Wakes {@link #await} when a request is counted; the counts themselves stay
	 * lock-free.
	 */
	private final ReentrantLock lock = new ReentrantLock();

	private final Condition counted = lock.newCondition();

	RequestLog() {
	}

	void request(String kind) {
		total.increment();
		if (kind != null) {
			byKind.computeIfAbsent(kind, k -> new LongAdder()).increment();
		}
		signal();
	}

	/** Counts a request already counted under its kind as one for a time series. */
	void seriesRequest() {
		series.increment();
		signal();
	}

	private void signal() {
		lock.lock();
		try {
			counted.signalAll();
		}
		finally {
			lock.unlock();
		}
	}

	/**
	 * Counts a request a {@link Refusals} rule applies to, already counted under its
	 * kind.
	 */
	void refusal() {
		refused.increment();
	}

	/** Counts an NRQL answer that left out facets beyond its limit. */
	void cutAnswer() {
		cut.increment();
	}

	void droppedConnection() {
		dropped.increment();
	}

	/**
	 * Waits until at least {@code count} requests of {@code kind} have been received, so
	 * a test can wait for a client's progress without sleeping. A request counts when it
	 * arrives, before it is answered.
	 * @param kind a request kind, or null for all requests
	 * @return true once the count is reached, false when the timeout passed first
	 * @throws InterruptedException when the waiting thread is interrupted
	 */
	public boolean await(String kind, long count, Duration timeout) throws InterruptedException {
		return await(() -> kind == null ? total() : count(kind), count, timeout);
	}

	/**
	 * Waits until at least {@code count} requests for a time series have been received.
	 * @return true once the count is reached, false when the timeout passed first
	 * @throws InterruptedException when the waiting thread is interrupted
	 */
	public boolean awaitSeries(long count, Duration timeout) throws InterruptedException {
		return await(this::seriesRequests, count, timeout);
	}

	private boolean await(LongSupplier counter, long count, Duration timeout) throws InterruptedException {
		long nanos = timeout.toNanos();
		lock.lock();
		try {
			// Counting happens outside the lock, but the signal after it takes the lock,
			// so a waiter that has just seen the old count is already waiting when the
			// signal comes.
			while (counter.getAsLong() < count) {
				if (nanos <= 0) {
					return false;
				}
				nanos = counted.awaitNanos(nanos);
			}
			return true;
		}
		finally {
			lock.unlock();
		}
	}

	void answered(int status) {
		if (status < 200 || status > 299) {
			failuresByStatus.computeIfAbsent(status, k -> new LongAdder()).increment();
		}
	}

	/** All requests received. */
	public long total() {
		return total.sum();
	}

	/** Requests of one kind (0 for kinds never requested). */
	public long count(String kind) {
		LongAdder adder = byKind.get(kind);
		return adder == null ? 0 : adder.sum();
	}

	/**
	 * Requests for a time series: REST metric data not summarized, and NRQL queries with
	 * {@code TIMESERIES}. They count under their kind too.
	 */
	public long seriesRequests() {
		return series.sum();
	}

	/**
	 * Requests a {@link Refusals} rule applied to: REST series refused with a status
	 * (also among the {@linkplain #failures() failures}), NRQL refused with HTTP 200 and
	 * an error class.
	 */
	public long refused() {
		return refused.sum();
	}

	/**
	 * NRQL answers whose facets the limit cut: more facets matched than {@code LIMIT} (or
	 * the sandbox's facet limit) let through, and the rest were left out silently.
	 */
	public long cutAnswers() {
		return cut.sum();
	}

	/** Answers with this (non-2xx) status. */
	public long failures(int status) {
		LongAdder adder = failuresByStatus.get(status);
		return adder == null ? 0 : adder.sum();
	}

	/** All non-2xx answers. */
	public long failures() {
		return failuresByStatus.values().stream().mapToLong(LongAdder::sum).sum();
	}

	/** Connections closed without any answer, by {@link Faults}. */
	public long dropped() {
		return dropped.sum();
	}

	/** A snapshot of the counts by kind, sorted by kind. */
	public Map<String, Long> countsByKind() {
		Map<String, Long> snapshot = new TreeMap<>();
		byKind.forEach((kind, adder) -> snapshot.put(kind, adder.sum()));
		return snapshot;
	}

	/** A snapshot of the non-2xx answers by status. */
	Map<Integer, Long> failuresByStatus() {
		Map<Integer, Long> snapshot = new TreeMap<>();
		failuresByStatus.forEach((status, adder) -> snapshot.put(status, adder.sum()));
		return snapshot;
	}

	/**
	 * Forgets all counts, e.g. between the warm-up and the measured run of a benchmark.
	 */
	public void reset() {
		total.reset();
		byKind.clear();
		failuresByStatus.clear();
		dropped.reset();
		series.reset();
		refused.reset();
		cut.reset();
	}

	@Override
	public String toString() {
		return "RequestLog[total=" + total() + ", byKind=" + countsByKind() + ", failures=" + failuresByStatus()
				+ ", dropped=" + dropped() + ", cut=" + cutAnswers() + "]";
	}

}
