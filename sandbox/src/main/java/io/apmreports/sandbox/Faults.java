package io.apmreports.sandbox;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * The bad day a {@link SandboxServer} puts on: latency, error statuses, rate limiting,
 * dropped and cut connections, slow and malformed bodies. Everything is deterministic, so
 * a test that meets a fault meets the same one on every run.
 *
 * <p>
 * A request whose URL is longer than {@code maxUrlLength} is answered 414 before anything
 * else, as by a front server, and is not numbered. The others are numbered from 1 in the
 * order the server receives them, over all requests of the server whatever their path or
 * key, retries included; {@link RequestLog#reset()} does not restart the numbering. Each
 * request is judged in this order, and the first fault that applies answers it: drop,
 * {@code failEvery} rules, {@code failShare} rules, {@code burst429}, the rate limit. A
 * request that passes is refused when one of the {@link Refusals} applies to what it
 * asks, and else gets its real answer, which may then be replaced by a bad body,
 * truncated or sent slowly.
 *
 * <pre>{@code
 * Faults faults = Faults.none().withFailEvery(429, 5).withFailEvery(503, 7).withDropEvery(50);
 * SandboxServer.start(SandboxOptions.demo("key").withFaults(faults));
 * }</pre>
 *
 * @param latency added before every answer (and before a dropped connection is closed)
 * @param failEvery every n-th request is answered with the rule's status; the first rule
 * wins
 * @param failShare a seeded pseudo-random share of requests is answered with the rule's
 * status
 * @param burst429 runs of 429 at a fixed period, or null for none
 * @param dropShare share of requests whose connection is closed without any answer
 * @param dropEvery every n-th request's connection is closed without any answer; 0 for
 * none
 * @param truncateShare share of 200 answers cut off after half their promised body
 * @param truncateEvery every n-th request, when answered 200, is cut off after half its
 * body; 0 for none
 * @param slowBody total pause spread over the pieces of every body; zero for none
 * @param badBodies applications whose metric data (application and host level) is
 * answered 200 with a malformed body
 * @param rateLimitPerMinute requests allowed within any 60 seconds before 429; 0 for no
 * limit
 * @param seed seed of the shares, so two servers with the same faults fail the same
 * requests
 * @param maxUrlLength a request whose URL (path and query, as sent) is longer is answered
 * 414, as the front servers of the real service answer one past their limit; 0 for no
 * limit
 * @param nerdGraphFailEvery NerdGraph requests answered HTTP 200 with an error class; the
 * first rule wins
 * @param refusals what is refused by what it asks, on each request that the numbered
 * faults let pass: NRQL by its text, REST series by their application
 */
public record Faults(Duration latency, List<FailEvery> failEvery, List<FailShare> failShare, Burst429 burst429,
		double dropShare, long dropEvery, double truncateShare, long truncateEvery, Duration slowBody,
		Map<Long, BadBody> badBodies, int rateLimitPerMinute, long seed, int maxUrlLength,
		List<NerdGraphFailEvery> nerdGraphFailEvery, Refusals refusals) {

	/**
	 * The names {@link #parse(Map)} accepts, for a command line that takes exactly these.
	 */
	public static final Set<String> OPTION_NAMES = Set.of("latency-ms", "fail-every", "fail-share", "burst-429",
			"drop-share", "drop-every", "truncate-share", "truncate-every", "slow-body-ms", "rate-limit",
			"max-url-length", "error-class-every", "refuse-nrql", "refuse-series");

	/**
	 * The seed of {@link #none()}; any fixed value would do, it only has to stay the
	 * same.
	 */
	static final long DEFAULT_SEED = 20_240_305L;

	/** Seconds a 429 asks the client to wait when the rule does not say. */
	static final long DEFAULT_RETRY_AFTER_SECONDS = 1;

	/** Validates and freezes the faults. */
	public Faults {
		Objects.requireNonNull(latency, "latency");
		Objects.requireNonNull(slowBody, "slowBody");
		if (latency.isNegative() || slowBody.isNegative()) {
			throw new IllegalArgumentException("latency and slow body must not be negative");
		}
		failEvery = List.copyOf(failEvery == null ? List.of() : failEvery);
		failShare = List.copyOf(failShare == null ? List.of() : failShare);
		badBodies = Map.copyOf(badBodies == null ? Map.of() : badBodies);
		nerdGraphFailEvery = List.copyOf(nerdGraphFailEvery == null ? List.of() : nerdGraphFailEvery);
		refusals = refusals == null ? Refusals.none() : refusals;
		FaultChecks.requireShare("dropShare", dropShare);
		FaultChecks.requireShare("truncateShare", truncateShare);
		if (dropEvery < 0 || truncateEvery < 0) {
			throw new IllegalArgumentException("dropEvery and truncateEvery must not be negative");
		}
		if (rateLimitPerMinute < 0) {
			throw new IllegalArgumentException("rateLimitPerMinute must not be negative: " + rateLimitPerMinute);
		}
		if (maxUrlLength < 0) {
			throw new IllegalArgumentException("maxUrlLength must not be negative: " + maxUrlLength);
		}
	}

	/** No faults at all: the sandbox answers as a healthy service. */
	public static Faults none() {
		return new Faults(Duration.ZERO, List.of(), List.of(), null, 0, 0, 0, 0, Duration.ZERO, Map.of(), 0,
				DEFAULT_SEED, 0, List.of(), Refusals.none());
	}

	/** A copy that waits {@code newLatency} before every answer. */
	public Faults withLatency(Duration newLatency) {
		return new Faults(newLatency, failEvery, failShare, burst429, dropShare, dropEvery, truncateShare,
				truncateEvery, slowBody, badBodies, rateLimitPerMinute, seed, maxUrlLength, nerdGraphFailEvery,
				refusals);
	}

	/** A copy with one more fail-every rule, after the existing ones. */
	public Faults withFailEvery(FailEvery rule) {
		List<FailEvery> rules = new ArrayList<>(failEvery);
		rules.add(Objects.requireNonNull(rule, "rule"));
		return new Faults(latency, rules, failShare, burst429, dropShare, dropEvery, truncateShare, truncateEvery,
				slowBody, badBodies, rateLimitPerMinute, seed, maxUrlLength, nerdGraphFailEvery, refusals);
	}

	/**
	 * A copy in which every {@code every}-th request is answered {@code status}, 429s
	 * asking for one second.
	 */
	public Faults withFailEvery(int status, long every) {
		return withFailEvery(new FailEvery(status, every));
	}

	/** A copy with one more fail-share rule, after the existing ones. */
	public Faults withFailShare(FailShare rule) {
		List<FailShare> rules = new ArrayList<>(failShare);
		rules.add(Objects.requireNonNull(rule, "rule"));
		return new Faults(latency, failEvery, rules, burst429, dropShare, dropEvery, truncateShare, truncateEvery,
				slowBody, badBodies, rateLimitPerMinute, seed, maxUrlLength, nerdGraphFailEvery, refusals);
	}

	/**
	 * A copy in which a share of requests is answered {@code status}, 429s asking for one
	 * second.
	 */
	public Faults withFailShare(int status, double share) {
		return withFailShare(new FailShare(status, share));
	}

	/** A copy with runs of 429; see {@link Burst429}. */
	public Faults withBurst429(int length, long retryAfterSeconds, long every) {
		return new Faults(latency, failEvery, failShare, new Burst429(length, retryAfterSeconds, every), dropShare,
				dropEvery, truncateShare, truncateEvery, slowBody, badBodies, rateLimitPerMinute, seed, maxUrlLength,
				nerdGraphFailEvery, refusals);
	}

	/** A copy that drops this share of connections unanswered. */
	public Faults withDropShare(double share) {
		return new Faults(latency, failEvery, failShare, burst429, share, dropEvery, truncateShare, truncateEvery,
				slowBody, badBodies, rateLimitPerMinute, seed, maxUrlLength, nerdGraphFailEvery, refusals);
	}

	/** A copy that drops the connection of every {@code every}-th request unanswered. */
	public Faults withDropEvery(long every) {
		return new Faults(latency, failEvery, failShare, burst429, dropShare, every, truncateShare, truncateEvery,
				slowBody, badBodies, rateLimitPerMinute, seed, maxUrlLength, nerdGraphFailEvery, refusals);
	}

	/** A copy that cuts this share of 200 answers after half their body. */
	public Faults withTruncateShare(double share) {
		return new Faults(latency, failEvery, failShare, burst429, dropShare, dropEvery, share, truncateEvery, slowBody,
				badBodies, rateLimitPerMinute, seed, maxUrlLength, nerdGraphFailEvery, refusals);
	}

	/**
	 * A copy that cuts every {@code every}-th request, when answered 200, after half its
	 * body.
	 */
	public Faults withTruncateEvery(long every) {
		return new Faults(latency, failEvery, failShare, burst429, dropShare, dropEvery, truncateShare, every, slowBody,
				badBodies, rateLimitPerMinute, seed, maxUrlLength, nerdGraphFailEvery, refusals);
	}

	/** A copy that spreads {@code pause} over the pieces of every body. */
	public Faults withSlowBody(Duration pause) {
		return new Faults(latency, failEvery, failShare, burst429, dropShare, dropEvery, truncateShare, truncateEvery,
				pause, badBodies, rateLimitPerMinute, seed, maxUrlLength, nerdGraphFailEvery, refusals);
	}

	/**
	 * A copy in which the metric data of {@code applicationId} comes back as
	 * {@code kind}.
	 */
	public Faults withBadBody(long applicationId, BadBody kind) {
		Map<Long, BadBody> bodies = new HashMap<>(badBodies);
		bodies.put(applicationId, Objects.requireNonNull(kind, "kind"));
		return new Faults(latency, failEvery, failShare, burst429, dropShare, dropEvery, truncateShare, truncateEvery,
				slowBody, bodies, rateLimitPerMinute, seed, maxUrlLength, nerdGraphFailEvery, refusals);
	}

	/**
	 * A copy that refuses requests beyond {@code perMinute} within 60 seconds; 0 lifts
	 * the limit.
	 */
	public Faults withRateLimitPerMinute(int perMinute) {
		return new Faults(latency, failEvery, failShare, burst429, dropShare, dropEvery, truncateShare, truncateEvery,
				slowBody, badBodies, perMinute, seed, maxUrlLength, nerdGraphFailEvery, refusals);
	}

	/**
	 * A copy that answers 414 to a request whose URL is longer than {@code length}; 0
	 * lifts the limit.
	 */
	public Faults withMaxUrlLength(int length) {
		return new Faults(latency, failEvery, failShare, burst429, dropShare, dropEvery, truncateShare, truncateEvery,
				slowBody, badBodies, rateLimitPerMinute, seed, length, nerdGraphFailEvery, refusals);
	}

	/**
	 * A copy in which every {@code every}-th NerdGraph request gets {@code errorClass};
	 * see {@link NerdGraphFailEvery}.
	 */
	public Faults withNerdGraphFailEvery(String errorClass, long every) {
		List<NerdGraphFailEvery> rules = new ArrayList<>(nerdGraphFailEvery);
		rules.add(new NerdGraphFailEvery(errorClass, every));
		return new Faults(latency, failEvery, failShare, burst429, dropShare, dropEvery, truncateShare, truncateEvery,
				slowBody, badBodies, rateLimitPerMinute, seed, maxUrlLength, rules, refusals);
	}

	/**
	 * A copy that refuses every NRQL query containing {@code text}, case ignored; see
	 * {@link Refusals}.
	 */
	public Faults withRefusedNrql(String text) {
		return withRefusals(refusals.withNrqlContaining(text));
	}

	/**
	 * A copy that answers {@code status} to every REST request for a series of
	 * {@code applicationId} (0: of every application); see {@link RefuseSeries}.
	 */
	public Faults withRefusedSeries(int status, long applicationId) {
		return withRefusals(refusals.withSeries(new RefuseSeries(status, applicationId)));
	}

	private Faults withRefusals(Refusals newRefusals) {
		return new Faults(latency, failEvery, failShare, burst429, dropShare, dropEvery, truncateShare, truncateEvery,
				slowBody, badBodies, rateLimitPerMinute, seed, maxUrlLength, nerdGraphFailEvery, newRefusals);
	}

	/** A copy whose shares follow another seed. */
	public Faults withSeed(long newSeed) {
		return new Faults(latency, failEvery, failShare, burst429, dropShare, dropEvery, truncateShare, truncateEvery,
				slowBody, badBodies, rateLimitPerMinute, newSeed, maxUrlLength, nerdGraphFailEvery, refusals);
	}

	/**
	 * Faults from command-line options, named as in {@link #OPTION_NAMES}:
	 * {@code latency-ms=N}, {@code fail-every=STATUS:N[:RETRY_AFTER_S][,...]},
	 * {@code fail-share=STATUS:P[:RETRY_AFTER_S][,...]},
	 * {@code burst-429=LENGTH:RETRY_AFTER_S:EVERY}, {@code drop-share=P},
	 * {@code drop-every=N}, {@code truncate-share=P}, {@code truncate-every=N},
	 * {@code slow-body-ms=N}, {@code rate-limit=N} (requests a minute),
	 * {@code max-url-length=N} (characters of path and query),
	 * {@code error-class-every=CLASS:N[,...]} (NerdGraph error classes),
	 * {@code refuse-nrql=TEXT[,...]} (NRQL queries containing TEXT),
	 * {@code refuse-series=STATUS[:APPLICATION_ID][,...]} (REST series requests). P is a
	 * share from 0 to 1, N a whole number (1 or more for periods).
	 * @throws IllegalArgumentException with a one-line message naming the option and
	 * value
	 */
	public static Faults parse(Map<String, String> options) {
		Faults faults = none();
		for (Map.Entry<String, String> option : new TreeMap<>(options).entrySet()) {
			faults = FaultOptions.apply(faults, option.getKey(), option.getValue());
		}
		return faults;
	}

	/** Whether any fault, limit or delay is set. */
	public boolean any() {
		return !equals(none().withSeed(seed));
	}
}
