package io.apmreports.delivery;

import java.util.List;

/**
 * The figures an e-mail's body shows: the account in a line, and the busiest applications
 * in a short table.
 *
 * @param applications applications reported
 * @param failed applications whose figures could not be fetched
 * @param gone applications deleted between the listing and their metric call
 * @param totalCalls web and non-web calls of the account in the range, or {@code null}
 * when not known
 * @param throughputRpm web throughput of the account, or {@code null}
 * @param busiest the applications with the most calls, busiest first
 * @param failedApplications the names of the failed applications, so that nobody misses
 * them
 * @param goneApplications the names of the gone applications
 */
public record EmailSummary(long applications, long failed, long gone, Double totalCalls, Double throughputRpm,
		List<Row> busiest, List<String> failedApplications, List<String> goneApplications) {

	public EmailSummary {
		busiest = List.copyOf(busiest);
		failedApplications = List.copyOf(failedApplications);
		goneApplications = List.copyOf(goneApplications);
	}

	/**
	 * One application of the table; {@code null} is a figure whose inputs were absent,
	 * shown as an empty cell.
	 *
	 * @param application its name
	 * @param calls web and non-web calls in the range
	 * @param throughputRpm web throughput
	 * @param responseTimeMs response time with request queuing
	 * @param errorRate errors per call, 0 to 1
	 * @param apdexScore Apdex score, 0 to 1
	 * @param status ok or no_data
	 */
	public record Row(String application, Double calls, Double throughputRpm, Double responseTimeMs, Double errorRate,
			Double apdexScore, String status) {
	}

}
