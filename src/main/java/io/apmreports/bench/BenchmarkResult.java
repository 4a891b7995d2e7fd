package io.apmreports.bench;

import java.time.Duration;
import java.util.Locale;

/**
 * What one benchmark run measured, beside its bounds.
 *
 * @param options what was measured
 * @param requests requests the run made
 * @param minimumRequests the fewest requests the report allows
 * @param rateLimited requests the sandbox refused with 429
 * @param wallTime the job's time, from start to end
 * @param lowerBound {@code max(requests x latency / concurrency, requests / rate limit)}
 * @param peakHeapMb the run's peak heap in use
 * @param peakRssMb the run's peak resident memory, or -1 where the system does not tell
 * it
 * @param rowsPerSecond report rows written per second
 */
public record BenchmarkResult(BenchmarkOptions options, long requests, long minimumRequests, long rateLimited,
		Duration wallTime, Duration lowerBound, long peakHeapMb, long peakRssMb, double rowsPerSecond) {

	/**
	 * The lower bound of wall time for a number of requests: latency shared by the
	 * threads, or the rate limit.
	 */
	static Duration lowerBound(long requests, BenchmarkOptions options) {
		double byLatency = requests * (double) options.latency().toNanos() / options.concurrency();
		double byRate = options.rateLimit() > 0 ? requests * 60e9 / options.rateLimit() : 0;
		return Duration.ofNanos((long) Math.max(byLatency, byRate));
	}

	double wallTimeRatio() {
		return lowerBound.isZero() ? Double.NaN : (double) wallTime.toNanos() / lowerBound.toNanos();
	}

	@Override
	public String toString() {
		return String.format(Locale.ROOT, """
				applications            %d (%d hosts each), latency %d ms, concurrency %d, rate limit %s
				requests                %d (minimum for this report: %d)%s
				429 answers             %d
				wall time               %.1f s (lower bound %.1f s, ratio %s)
				peak heap               %d MB
				peak RSS                %s
				rows written per second %.0f""", options.applications(), options.hostsPerApplication(),
				options.latency().toMillis(), options.concurrency(),
				options.rateLimit() > 0 ? options.rateLimit() + "/min" : "none", requests, minimumRequests,
				requests == minimumRequests ? ", the minimum" : "", rateLimited, wallTime.toMillis() / 1000.0,
				lowerBound.toMillis() / 1000.0,
				lowerBound.isZero() ? "n/a" : String.format(Locale.ROOT, "%.2f", wallTimeRatio()), peakHeapMb,
				peakRssMb < 0 ? "unknown" : peakRssMb + " MB", rowsPerSecond);
	}

}
