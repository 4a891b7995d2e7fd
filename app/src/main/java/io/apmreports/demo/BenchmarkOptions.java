package io.apmreports.demo;

import java.time.Duration;

import io.apmreports.definition.SourceKind;

/**
 * What to measure.
 *
 * @param applications applications in the synthetic account
 * @param hostsPerApplication hosts of each application
 * @param latency the sandbox's added latency per answer
 * @param concurrency the run's fetch concurrency: {@code report.concurrency} for REST,
 * {@code apm.nrql.concurrency} for NRQL
 * @param rateLimit requests (for NRQL, queries) per minute the sandbox enforces and the
 * run paces to; 0 for none
 * @param source the figure source the run reads
 * @param everySection whether the report has every section that costs requests, not only
 * the summary and breakdown
 */
public record BenchmarkOptions(int applications, int hostsPerApplication, Duration latency, int concurrency,
		int rateLimit, SourceKind source, boolean everySection) {

	/** The REST source, summary and breakdown only. */
	public BenchmarkOptions(int applications, int hostsPerApplication, Duration latency, int concurrency,
			int rateLimit) {
		this(applications, hostsPerApplication, latency, concurrency, rateLimit, SourceKind.REST, false);
	}

}
