package io.apmreports.source;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;

/**
 * How many requests the client made, by kind, retries included: every run reports it, and
 * the benchmark compares it with the fewest requests the report needs.
 */
public final class RequestStats {

	// compiled once: every request of a run is counted
	private static final Pattern APPLICATIONS = Pattern.compile("/v2/applications\\.json");

	private static final Pattern APPLICATION = Pattern.compile("/v2/applications/\\d+\\.json");

	private final Map<String, LongAdder> byKind = new ConcurrentHashMap<>();

	private final LongAdder retries = new LongAdder();

	private final LongAdder tooManyRequests = new LongAdder();

	public void count(String path) {
		byKind.computeIfAbsent(kind(path), kind -> new LongAdder()).increment();
	}

	/**
	 * Counts a request of a source whose requests are not told apart by their path, such
	 * as a query sent to one GraphQL endpoint.
	 */
	public void countAs(String kind) {
		byKind.computeIfAbsent(kind, name -> new LongAdder()).increment();
	}

	public void countRetry() {
		retries.increment();
	}

	/** Counts a "too many requests" answer (HTTP 429, NRQL's rate limit), tried again. */
	public void countTooManyRequests() {
		tooManyRequests.increment();
	}

	/**
	 * Requests by kind: applications, application, hosts, metric-names, metric-data,
	 * host-metric-data, key-transactions, key-transaction; and those given to
	 * {@link #countAs}, such as nrql and entity-search.
	 */
	public Map<String, Long> byKind() {
		Map<String, Long> counts = new TreeMap<>();
		byKind.forEach((kind, count) -> counts.put(kind, count.sum()));
		return counts;
	}

	public long total() {
		return byKind.values().stream().mapToLong(LongAdder::sum).sum();
	}

	/** Requests that were tries again after a transient failure (part of the total). */
	public long retries() {
		return retries.sum();
	}

	/** The counts now, to tell one run's requests from those made before it. */
	public Snapshot snapshot() {
		return new Snapshot(byKind(), retries(), tooManyRequests.sum());
	}

	/**
	 * Counts at one moment.
	 *
	 * @param byKind requests by kind
	 * @param retries requests that were retries
	 * @param tooManyRequests answers that said too many requests (each then tried again)
	 */
	public record Snapshot(Map<String, Long> byKind, long retries, long tooManyRequests) {

		public Snapshot {
			byKind = Map.copyOf(byKind);
		}

		public Snapshot(Map<String, Long> byKind, long retries) {
			this(byKind, retries, 0);
		}

		/** Both counts together: the requests of two clients, as one run made them. */
		public Snapshot plus(Snapshot other) {
			Map<String, Long> counts = new TreeMap<>(byKind);
			other.byKind.forEach((kind, count) -> counts.merge(kind, count, Long::sum));
			return new Snapshot(counts, retries + other.retries, tooManyRequests + other.tooManyRequests);
		}

		/** What was counted after {@code earlier}. */
		public Snapshot minus(Snapshot earlier) {
			Map<String, Long> counts = new TreeMap<>();
			byKind.forEach((kind, count) -> {
				long difference = count - earlier.byKind.getOrDefault(kind, 0L);
				if (difference > 0) {
					counts.put(kind, difference);
				}
			});
			return new Snapshot(counts, retries - earlier.retries, tooManyRequests - earlier.tooManyRequests);
		}

		public long total() {
			return byKind.values().stream().mapToLong(Long::longValue).sum();
		}

		@Override
		public String toString() {
			StringBuilder text = new StringBuilder().append(total()).append(" requests");
			if (!byKind.isEmpty()) {
				text.append(" (");
				new TreeMap<>(byKind)
					.forEach((kind, count) -> text.append(kind).append(' ').append(count).append(", "));
				text.setLength(text.length() - 2);
				text.append(')');
			}
			return text.append(", ").append(retries).append(" retries").toString();
		}

	}

	static String kind(String path) {
		if (APPLICATIONS.matcher(path).matches()) {
			return "applications";
		}
		if (APPLICATION.matcher(path).matches()) {
			return "application";
		}
		if (path.endsWith("/metrics/data.json")) {
			return path.contains("/hosts/") ? "host-metric-data" : "metric-data";
		}
		if (path.endsWith("/metrics.json")) {
			return "metric-names";
		}
		if (path.endsWith("/hosts.json")) {
			return "hosts";
		}
		return path.startsWith("/v2/key_transactions/") ? "key-transaction" : "key-transactions";
	}

	@Override
	public String toString() {
		return snapshot().toString();
	}

}
