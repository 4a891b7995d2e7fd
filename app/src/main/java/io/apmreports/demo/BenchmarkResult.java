package io.apmreports.demo;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import io.apmreports.definition.SourceKind;

/**
 * What one benchmark run measured, beside its bounds.
 *
 * @param options what was measured
 * @param requests requests the run made (for NRQL, NerdGraph requests: queries and entity
 * search pages)
 * @param requestsByKind the requests by kind
 * @param minimumRequests the fewest REST v2 requests the report allows, whichever source
 * made it
 * @param rateLimited requests the sandbox refused with 429
 * @param wallTime the job's time, from start to end
 * @param lowerBound {@code max(requests x latency / concurrency, requests / rate limit)}
 * @param peakHeapMb the run's peak heap in use
 * @param peakRssMb the run's peak resident memory, or -1 where the system does not tell
 * it
 * @param rowsPerSecond report rows written per second
 * @param reportCpu the CPU time of the report's JVM, negative where it is not told
 * @param sandboxCpu the CPU time of the benchmark's own JVM while the run went on: the
 * sandbox serving it, apart from the report's, as both share the machine's cores
 * @param stepTimes the time of each of the run's steps, in the order they started (the
 * section fetches, side by side, in whichever order they happened to start)
 */
record BenchmarkResult(BenchmarkOptions options, long requests, Map<String, Long> requestsByKind, long minimumRequests,
		long rateLimited, Duration wallTime, Duration lowerBound, long peakHeapMb, long peakRssMb, double rowsPerSecond,
		Duration reportCpu, Duration sandboxCpu, Map<String, Duration> stepTimes) {

	BenchmarkResult {
		requestsByKind = Map.copyOf(requestsByKind);
		stepTimes = Collections.unmodifiableMap(new LinkedHashMap<>(stepTimes));
	}

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

	/** How many times fewer calls the run made than REST v2 would for the same report. */
	double fewerThanRest() {
		return requests == 0 ? Double.NaN : (double) minimumRequests / requests;
	}

	@Override
	public String toString() {
		return String.format(Locale.ROOT, """
				applications            %d (%d hosts each), latency %d ms, concurrency %d, rate limit %s
				source, sections        %s, %s
				%s
				429 answers             %d
				wall time               %.1f s (lower bound %.1f s, ratio %s)
				CPU, report JVM         %s
				CPU, sandbox JVM        %s
				peak heap               %d MB
				peak RSS                %s
				rows written per second %.0f
				steps                   %s""", options.applications(), options.hostsPerApplication(),
				options.latency().toMillis(), options.concurrency(),
				options.rateLimit() > 0 ? options.rateLimit() + "/min" : "none", options.source().settingValue(),
				options.everySection() ? "every section" : "summary and breakdown", calls(), rateLimited,
				wallTime.toMillis() / 1000.0, lowerBound.toMillis() / 1000.0,
				lowerBound.isZero() ? "n/a" : String.format(Locale.ROOT, "%.2f", wallTimeRatio()), seconds(reportCpu),
				seconds(sandboxCpu), peakHeapMb, peakRssMb < 0 ? "unknown" : peakRssMb + " MB", rowsPerSecond, steps());
	}

	private static String seconds(Duration cpu) {
		return cpu.isNegative() ? "unknown" : String.format(Locale.ROOT, "%.1f s", cpu.toMillis() / 1000.0);
	}

	/** The steps that took a tenth of a second or more, in order. */
	private String steps() {
		StringBuilder steps = new StringBuilder();
		stepTimes.forEach((step, time) -> {
			if (time.toMillis() >= 100) {
				steps.append(steps.isEmpty() ? "" : ", ").append(step).append(' ').append(seconds(time));
			}
		});
		return steps.isEmpty() ? "none took a tenth of a second" : steps.toString();
	}

	private String calls() {
		if (options.source() == SourceKind.REST) {
			return String.format(Locale.ROOT, "requests                %d (minimum for this report: %d)%s", requests,
					minimumRequests, requests == minimumRequests ? ", the minimum" : "");
		}
		return String.format(Locale.ROOT, """
				queries                 %d (%s)
				REST would make %d requests for the same report: %.1f times as many""", requests, kinds(),
				minimumRequests, fewerThanRest());
	}

	private String kinds() {
		StringBuilder kinds = new StringBuilder();
		requestsByKind.entrySet()
			.stream()
			.sorted(Map.Entry.comparingByKey())
			.forEach(kind -> kinds.append(kinds.isEmpty() ? "" : ", ")
				.append(kind.getValue())
				.append(' ')
				.append(kind.getKey()));
		return kinds.toString();
	}

}
