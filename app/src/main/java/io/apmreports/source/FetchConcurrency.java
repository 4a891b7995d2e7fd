package io.apmreports.source;

/**
 * How many applications a source fetches at the same time: a setting of the run
 * ({@code report.concurrency}), which the run's settings record provides, so that a
 * source reads it typed without knowing the job above it.
 */
public interface FetchConcurrency {

	/** Applications fetched at the same time, at least 1. */
	int concurrency();

}
