package io.apmreports.apm;

/**
 * A rolling summary (specification 2.3): 3 to 4 minutes for applications, 10 minutes for key transactions; not a
 * figure of any report range. Absent fields are {@code null}.
 *
 * @param responseTime response time
 * @param throughput throughput
 * @param errorRate error rate, a fraction
 * @param apdexTarget apdex target
 * @param apdexScore apdex score
 * @param hostCount hosts, where the service adds it
 * @param instanceCount instances, where the service adds it
 */
public record ApplicationSummary(Double responseTime, Double throughput, Double errorRate, Double apdexTarget,
		Double apdexScore, Integer hostCount, Integer instanceCount) {
}
