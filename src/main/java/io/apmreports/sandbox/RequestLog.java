package io.apmreports.sandbox;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts of the requests a {@link SandboxServer} answered, so tests and benchmarks can check how many
 * calls a client made (for example that metric names are listed once per application, not per range).
 * Kinds: {@code applications}, {@code application}, {@code hosts}, {@code instances},
 * {@code metric-names}, {@code metric-data}, {@code host-metric-data}, {@code key-transactions},
 * {@code key-transaction}. A request counts under its kind whatever its answer; requests to unknown
 * paths count only in the total.
 */
public final class RequestLog {

	private final LongAdder total = new LongAdder();
	private final Map<String, LongAdder> byKind = new ConcurrentHashMap<>();
	private final Map<Integer, LongAdder> failuresByStatus = new ConcurrentHashMap<>();

	RequestLog() {
	}

	void request(String kind) {
		total.increment();
		if (kind != null) {
			byKind.computeIfAbsent(kind, k -> new LongAdder()).increment();
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

	/** Answers with this (non-2xx) status. */
	public long failures(int status) {
		LongAdder adder = failuresByStatus.get(status);
		return adder == null ? 0 : adder.sum();
	}

	/** All non-2xx answers. */
	public long failures() {
		return failuresByStatus.values().stream().mapToLong(LongAdder::sum).sum();
	}

	/** A snapshot of the counts by kind, sorted by kind. */
	public Map<String, Long> countsByKind() {
		Map<String, Long> snapshot = new TreeMap<>();
		byKind.forEach((kind, adder) -> snapshot.put(kind, adder.sum()));
		return snapshot;
	}

	/** A snapshot of the non-2xx answers by status. */
	public Map<Integer, Long> failuresByStatus() {
		Map<Integer, Long> snapshot = new TreeMap<>();
		failuresByStatus.forEach((status, adder) -> snapshot.put(status, adder.sum()));
		return snapshot;
	}

	/** Forgets all counts, e.g. between the warm-up and the measured run of a benchmark. */
	public void reset() {
		total.reset();
		byKind.clear();
		failuresByStatus.clear();
	}

	@Override
	public String toString() {
		return "RequestLog[total=" + total() + ", byKind=" + countsByKind() + ", failures=" + failuresByStatus() + "]";
	}
}
