package io.apmreports.output;

import java.util.List;

/**
 * The first sheet's content beyond the header: how many applications, totals, and the
 * worst movers against the previous period.
 *
 * @param applications applications reported
 * @param failed applications that failed (a relaunch may fix them)
 * @param gone applications deleted between the listing and their metric call
 * @param totalCalls web and non-web calls of the account in the range
 * @param totalThroughputRpm web throughput of the account
 * @param worstMovers the largest regressions against the previous period, worst first
 */
public record Overview(long applications, long failed, long gone, Double totalCalls, Double totalThroughputRpm,
		List<Mover> worstMovers) {

	public Overview {
		worstMovers = List.copyOf(worstMovers);
	}

	/**
	 * One regression.
	 *
	 * @param applicationName application name
	 * @param metric the figure that moved
	 * @param previous its previous value
	 * @param current its value now
	 * @param changePct the change in percent
	 */
	public record Mover(String applicationName, String metric, Double previous, Double current, Double changePct) {
	}

}
