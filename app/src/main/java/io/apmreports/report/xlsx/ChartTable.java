package io.apmreports.report.xlsx;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.apmreports.formula.FigureColumn;
import io.apmreports.report.ChartData;
import io.apmreports.staging.TrendPoint;

/**
 * The data of the two charts laid out as their cells hold it: the response times of the
 * top applications by slice, and the parts of web transaction time of the top
 * applications by component.
 *
 * @param lines the response time series, at most {@link #TOP}
 * @param slices the union of the slice starts of all series, in time order, the line
 * chart's categories
 * @param responseTimes one row per series, one value per slice; a slice a series lacks
 * stays null, a gap in the line
 * @param throughputs the same for web throughput
 * @param applications the applications of the bars, at most {@link #TOP}
 * @param parts one row per component, one value per application; an absent part stays
 * null, an empty cell that a stacked bar simply leaves out, so that the data block never
 * shows it as a measured 0
 * @param apdex the Apdex score of each application of the bars, null where absent
 * @param errorRates the error rate of each application of the bars, null where absent
 * @param timeAxis the title of the slices, naming the zone and year that the short slice
 * labels leave out
 */
record ChartTable(List<ChartData.Series> lines, String[] slices, Double[][] responseTimes, Double[][] throughputs,
		String[] applications, Double[][] parts, Double[] apdex, Double[] errorRates, String timeAxis) {

	/**
	 * More lines or bars than this make a chart no one can read; the other sheets hold
	 * every application.
	 */
	static final int TOP = 10;

	/** The parts of web transaction time in stacking order, request queuing last. */
	static final List<FigureColumn> COMPONENTS = ChartData.Components.PARTS;

	/**
	 * Short enough that the labels under the time axis do not run into each other; the
	 * year and zone are in the axis title, the full times on the Trends sheet.
	 */
	private static final DateTimeFormatter SLICE = DateTimeFormatter.ofPattern("MM-dd HH:mm");

	static ChartTable of(ChartData data, ZoneId zone) {
		List<ChartData.Series> lines = top(data.responseTimes());
		List<ChartData.Components> bars = top(data.components());
		List<ChartData.Scores> scores = top(data.scores());
		List<Instant> starts = starts(lines);
		String[] slices = starts.stream().map(start -> SLICE.format(start.atZone(zone))).toArray(String[]::new);
		return new ChartTable(lines, slices, values(lines, starts, TrendPoint::responseTimeMs),
				values(lines, starts, TrendPoint::throughputRpm),
				bars.stream().map(ChartData.Components::applicationName).toArray(String[]::new), parts(bars),
				scores(bars, scores, ChartData.Scores::apdexScore), scores(bars, scores, ChartData.Scores::errorRate),
				lines.isEmpty() ? null : "Slice start (" + zone.getId() + ", " + year(lines, zone) + ")");
	}

	boolean isEmpty() {
		return lines.isEmpty() && applications.length == 0;
	}

	/** The column of a response time series; the slices are in column 0. */
	int responseColumn(int series) {
		return 1 + series;
	}

	/**
	 * The column of a throughput series: to the right of the response times, one column
	 * apart; they share the slices of column 0.
	 */
	int throughputColumn(int series) {
		return lines.size() + 2 + series;
	}

	/**
	 * The first column of the bars' data, the application names: to the right of the
	 * lines' data, one column apart. The parts follow, then Apdex and error rate.
	 */
	int barColumn() {
		return lines.isEmpty() ? 0 : 2 * lines.size() + 3;
	}

	int apdexColumn() {
		return barColumn() + 1 + COMPONENTS.size();
	}

	int errorRateColumn() {
		return apdexColumn() + 1;
	}

	private static <T> List<T> top(List<T> items) {
		return items.size() > TOP ? items.subList(0, TOP) : items;
	}

	/**
	 * The slice starts of all series, in time order: instants, not their labels, since
	 * the hour clocks go back has two slices of the same wall time.
	 */
	private static List<Instant> starts(List<ChartData.Series> lines) {
		return lines.stream()
			.flatMap(series -> series.points().stream())
			.map(point -> point.from().toInstant())
			.distinct()
			.sorted()
			.toList();
	}

	private static Double[][] values(List<ChartData.Series> lines, List<Instant> starts,
			Function<TrendPoint, Double> value) {
		Map<Instant, Integer> index = new HashMap<>();
		for (int i = 0; i < starts.size(); i++) {
			index.put(starts.get(i), i);
		}
		Double[][] values = new Double[lines.size()][starts.size()];
		for (int s = 0; s < lines.size(); s++) {
			for (TrendPoint point : lines.get(s).points()) {
				values[s][index.get(point.from().toInstant())] = value.apply(point);
			}
		}
		return values;
	}

	private static Double[][] parts(List<ChartData.Components> bars) {
		Double[][] values = new Double[COMPONENTS.size()][bars.size()];
		for (int p = 0; p < COMPONENTS.size(); p++) {
			for (int b = 0; b < bars.size(); b++) {
				values[p][b] = bars.get(b).part(COMPONENTS.get(p));
			}
		}
		return values;
	}

	/**
	 * A score of each application of the bars: the scores come in the bars' order (two
	 * applications may share a name, so it is no key).
	 */
	private static Double[] scores(List<ChartData.Components> bars, List<ChartData.Scores> scores,
			Function<ChartData.Scores, Double> score) {
		Double[] values = new Double[bars.size()];
		for (int i = 0; i < values.length && i < scores.size(); i++) {
			values[i] = score.apply(scores.get(i));
		}
		return values;
	}

	/** The year of the slices, or first and last year when the range spans a new year. */
	private static String year(List<ChartData.Series> lines, ZoneId zone) {
		IntSummaryStatistics years = lines.stream()
			.flatMap(series -> series.points().stream())
			.mapToInt(point -> point.from().atZoneSameInstant(zone).getYear())
			.summaryStatistics();
		return years.getMin() == years.getMax() ? String.valueOf(years.getMin())
				: years.getMin() + "-" + years.getMax();
	}

}
