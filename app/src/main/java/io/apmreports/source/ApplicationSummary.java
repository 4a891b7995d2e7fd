package io.apmreports.source;

/**
 * A rolling summary (specification 2.3): 3 to 4 minutes for applications, 10 minutes for
 * key transactions; not a figure of any report range. Absent fields are {@code null}.
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

	/**
	 * This summary as a report shows it: a window without throughput answers zeros for
	 * its response time, error rate and Apdex, which are no measurements, so they are
	 * absent; the throughput of 0 and the target stay.
	 */
	public ApplicationSummary measured() {
		boolean idle = throughput != null && throughput == 0;
		return idle ? new ApplicationSummary(null, throughput, null, apdexTarget, null, hostCount, instanceCount)
				: this;
	}

}
