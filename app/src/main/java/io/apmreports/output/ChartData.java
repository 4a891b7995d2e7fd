package io.apmreports.output;

import java.util.List;

/**
 * What the charts show, small enough to hold: the response time series of the top
 * applications by throughput, and the components of web transaction time of the top
 * applications.
 *
 * @param responseTimes one series per application, in throughput order
 * @param components one bar per application, in throughput order
 * @param scores Apdex and error rate per application, in throughput order
 */
public record ChartData(List<Series> responseTimes, List<Components> components, List<Scores> scores) {

	public ChartData {
		responseTimes = List.copyOf(responseTimes);
		components = List.copyOf(components);
		scores = List.copyOf(scores);
	}

	/**
	 * How an application's users fared; absent where the application has no such figure.
	 *
	 * @param applicationName application name
	 * @param apdexScore Apdex score, 0 to 1
	 * @param errorRate errors per call, 0 to 1
	 */
	public record Scores(String applicationName, Double apdexScore, Double errorRate) {
	}

	/**
	 * The response time series of one application.
	 *
	 * @param applicationName application name
	 * @param points its timeslices, in time order
	 */
	public record Series(String applicationName, List<TrendPoint> points) {

		public Series {
			points = List.copyOf(points);
		}

	}

	/**
	 * The web transaction time of one application, split as the product's summary view
	 * splits it; absent parts are {@code null}.
	 *
	 * @param applicationName application name
	 * @param applicationMs application time
	 * @param datastoreMs datastore
	 * @param databaseMs database
	 * @param rubyDatabaseMs Ruby database
	 * @param externalMs web external
	 * @param cacheMs cache
	 * @param requestQueuingMs request queuing
	 */
	public record Components(String applicationName, Double applicationMs, Double datastoreMs, Double databaseMs,
			Double rubyDatabaseMs, Double externalMs, Double cacheMs, Double requestQueuingMs) {
	}

}
