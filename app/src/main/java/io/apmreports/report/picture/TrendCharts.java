package io.apmreports.report.picture;

import java.text.DateFormat;
import java.text.SimpleDateFormat;
import java.time.ZoneId;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import java.util.Set;
import java.util.TimeZone;
import java.util.function.Function;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.DateAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import io.apmreports.report.ChartColours;
import io.apmreports.report.ChartData;
import io.apmreports.staging.TrendPoint;

/**
 * The line charts over the range: one line per top application, each timeslice at its
 * start, on a time axis in the report's zone. An absent value is a gap in the line, never
 * a drop to 0.
 */
final class TrendCharts {

	private static final double TWO_DAYS_MS = 2 * 24 * 3600 * 1000.0;

	private TrendCharts() {
	}

	/**
	 * One series per application, a {@code null} y where the slice has no value; names
	 * that occur twice are told apart, since a series is known by its name.
	 */
	static XYSeriesCollection dataset(List<ChartData.Series> series, Function<TrendPoint, Double> value) {
		XYSeriesCollection dataset = new XYSeriesCollection();
		Set<String> keys = new HashSet<>();
		for (ChartData.Series one : series) {
			XYSeries line = new XYSeries(uniqueKey(one.applicationName(), keys), false, true);
			for (TrendPoint point : one.points()) {
				line.add(point.from().toInstant().toEpochMilli(), value.apply(point));
			}
			dataset.addSeries(line);
		}
		return dataset;
	}

	/**
	 * Days as people say them over a range of days, hours within a day; in the report's
	 * zone.
	 */
	private static DateFormat tickFormat(XYSeriesCollection dataset, ZoneId zone) {
		double span = dataset.getSeriesCount() == 0 ? 0
				: dataset.getDomainUpperBound(false) - dataset.getDomainLowerBound(false);
		SimpleDateFormat format = new SimpleDateFormat(span > TWO_DAYS_MS ? "EEE d MMM" : "HH:mm", Locale.ENGLISH);
		format.setTimeZone(TimeZone.getTimeZone(zone));
		return format;
	}

	static String uniqueKey(String name, Set<String> taken) {
		String key = name;
		for (int n = 2; !taken.add(key); n++) {
			key = name + " (" + n + ")";
		}
		return key;
	}

	static JFreeChart chart(String title, String valueLabel, XYSeriesCollection dataset, ZoneId zone) {
		DateAxis time = new DateAxis(null, TimeZone.getTimeZone(zone), Locale.ENGLISH);
		time.setLowerMargin(0.01);
		time.setUpperMargin(0.01);
		NumberAxis values = new NumberAxis(valueLabel);
		values.setAutoRangeIncludesZero(true);
		XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
		XYPlot plot = new XYPlot(dataset, time, values, renderer);
		JFreeChart chart = ChartLook.styled(new JFreeChart(title, plot));
		// after the theme, which clears the series' paints
		List<String> colours = ChartColours.applications(IntStream.range(0, dataset.getSeriesCount())
			.mapToObj(i -> dataset.getSeriesKey(i).toString())
			.toList());
		for (int i = 0; i < dataset.getSeriesCount(); i++) {
			renderer.setSeriesPaint(i, ChartLook.paint(colours.get(i)));
			renderer.setSeriesStroke(i, ChartLook.LINE);
		}
		// each segment drawn on its own: a path would join the points across a gap
		renderer.setDrawSeriesLineAsPath(false);
		time.setDateFormatOverride(tickFormat(dataset, zone));
		// room on the right for the label of a tick at the range's end
		plot.setInsets(new RectangleInsets(4, 4, 4, 32));
		return chart;
	}

}
