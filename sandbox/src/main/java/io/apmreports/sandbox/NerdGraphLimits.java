package io.apmreports.sandbox;

/**
 * The limits of the sandbox's NerdGraph face; the defaults are the real service's, and
 * tests lower them to meet them with a small account.
 *
 * @param maxInFlight NerdGraph requests one key may have in flight before HTTP 429
 * @param nrqlPerMinute NRQL queries an account may run within any 60 seconds before the
 * error class {@code TOO_MANY_REQUESTS}
 * @param facetLimit the facets {@code LIMIT MAX} gives (and the most any LIMIT gives);
 * more are cut off silently. Facets, not rows: a {@code TIMESERIES} answer holds every
 * bucket of each facet it keeps
 */
public record NerdGraphLimits(int maxInFlight, int nrqlPerMinute, int facetLimit) {

	/** The real service's most facets a query answers. */
	public static final int MAX_FACETS = 5_000;

	/** Validates the limits. */
	public NerdGraphLimits {
		if (maxInFlight < 1 || nrqlPerMinute < 1 || facetLimit < 1 || facetLimit > MAX_FACETS) {
			throw new IllegalArgumentException("NerdGraph limits must be positive and the facet limit at most "
					+ MAX_FACETS + ": " + maxInFlight + ", " + nrqlPerMinute + ", " + facetLimit);
		}
	}

	/**
	 * The real service's: 25 requests in flight, 3,000 queries a minute, 5,000 facets.
	 */
	public static NerdGraphLimits service() {
		return new NerdGraphLimits(25, 3_000, MAX_FACETS);
	}

	/** A copy allowing {@code requests} in flight. */
	public NerdGraphLimits withMaxInFlight(int requests) {
		return new NerdGraphLimits(requests, nrqlPerMinute, facetLimit);
	}

	/** A copy allowing {@code queries} a minute. */
	public NerdGraphLimits withNrqlPerMinute(int queries) {
		return new NerdGraphLimits(maxInFlight, queries, facetLimit);
	}

	/** A copy answering at most {@code facets} facets. */
	public NerdGraphLimits withFacetLimit(int facets) {
		return new NerdGraphLimits(maxInFlight, nrqlPerMinute, facets);
	}

}
