package io.apmreports.demo;

/**
 * The fewest REST v2 requests a benchmark report needs, whichever source runs it: the
 * yardstick the NRQL source's queries are held against.
 */
final class RestMinimum {

	/** The real service's page size, so that the listing costs what it would. */
	static final int PAGE_SIZE = 200;

	private RestMinimum() {
	}

	/**
	 * The application list's pages, then per application one request per value family
	 * (timing, Apdex, errors), twice with the comparison (the previous range too); with
	 * every section also its host list and one request per host, one trend request, and
	 * the key transaction list's pages.
	 * @param keyTransactions key transactions in the account
	 */
	static long requests(BenchmarkOptions options, int keyTransactions) {
		long applications = options.applications();
		long requests = pages(applications) + 3 * applications;
		if (options.everySection()) {
			requests += 3 * applications;
			requests += applications * (1 + options.hostsPerApplication());
			requests += applications;
			requests += Math.max(1, pages(keyTransactions));
		}
		return requests;
	}

	private static long pages(long items) {
		return (items + PAGE_SIZE - 1) / PAGE_SIZE;
	}

}
