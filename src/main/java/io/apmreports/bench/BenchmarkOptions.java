package io.apmreports.bench;

import java.time.Duration;

/**
 * What to measure.
 *
 * @param applications applications in the synthetic account
 * @param hostsPerApplication hosts of each application
 * @param latency the sandbox's added latency per answer
 * @param concurrency the run's fetch concurrency
 * @param rateLimit requests per minute the sandbox enforces and the run paces to; 0 for
 * none
 */
public record BenchmarkOptions(int applications, int hostsPerApplication, Duration latency, int concurrency,
		int rateLimit) {
}
