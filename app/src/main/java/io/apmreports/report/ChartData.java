package io.apmreports.report;

import java.util.ArrayList;
import java.util.function.LongFunction;

import java.util.List;

import io.apmreports.formula.FigureColumn;
import io.apmreports.formula.Figures;
import io.apmreports.staging.ChartFigures;
import io.apmreports.staging.TrendPoint;

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
	 * The charts of some applications, in the order given: each one's components and
	 * scores, and its series where it has one.
	 */
	static ChartData of(List<ChartFigures> applications, LongFunction<List<TrendPoint>> series) {
		List<Series> responseTimes = new ArrayList<>();
		List<Components> components = new ArrayList<>();
		List<Scores> scores = new ArrayList<>();
		for (ChartFigures application : applications) {
			String name = application.applicationName();
			Figures f = application.figures();
			components.add(new Components(name, f.get(FigureColumn.APPLICATION_TIME_MS),
					f.get(FigureColumn.DATASTORE_MS), f.get(FigureColumn.DATABASE_MS),
					f.get(FigureColumn.RUBY_DATABASE_MS), f.get(FigureColumn.EXTERNAL_MS), f.get(FigureColumn.CACHE_MS),
					f.get(FigureColumn.REQUEST_QUEUING_MS)));
			scores.add(new Scores(name, application.apdexScore(), application.errorRate()));
		}
		for (ChartFigures application : applications) {
			List<TrendPoint> points = series.apply(application.applicationId());
			if (!points.isEmpty()) {
				responseTimes.add(new Series(application.applicationName(), points));
			}
		}
		return new ChartData(responseTimes, components, scores);
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

		/**
		 * The parts of web transaction time in the order the product's summary view
		 * stacks them, then request queuing, which comes before web transaction time and
		 * is not in it: every chart, picture or workbook, takes them from here.
		 */
		public static final List<FigureColumn> PARTS = List.of(FigureColumn.APPLICATION_TIME_MS,
				FigureColumn.DATASTORE_MS, FigureColumn.DATABASE_MS, FigureColumn.RUBY_DATABASE_MS,
				FigureColumn.EXTERNAL_MS, FigureColumn.CACHE_MS, FigureColumn.REQUEST_QUEUING_MS);

		/** A part's value, one of {@link #PARTS}. */
		public Double part(FigureColumn part) {
			return switch (part) {
				case APPLICATION_TIME_MS -> applicationMs;
				case DATASTORE_MS -> datastoreMs;
				case DATABASE_MS -> databaseMs;
				case RUBY_DATABASE_MS -> rubyDatabaseMs;
				case EXTERNAL_MS -> externalMs;
				case CACHE_MS -> cacheMs;
				case REQUEST_QUEUING_MS -> requestQueuingMs;
				default -> throw new IllegalArgumentException(part + " is no part of web transaction time");
			};
		}

		/**
		 * A part's name in a legend, without its unit, which the axis states once:
		 * "Application time".
		 */
		public static String name(FigureColumn part) {
			return part.title().replace(" (ms)", "");
		}

	}

}
