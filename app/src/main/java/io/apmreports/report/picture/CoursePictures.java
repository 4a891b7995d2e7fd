package io.apmreports.report.picture;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import io.apmreports.report.Course;

/**
 * A headline's course as a small line without axes, for the workbook's Overview: the
 * periods oldest first, a period not kept a gap in the line (never a fall to 0), the
 * run's own point marked with a dot, and behind the line the usual spread as a grey band
 * with its median as a thin rule.
 */
public final class CoursePictures {

	/** Its size in pixels, drawn at twice that for sharp print. */
	public static final int WIDTH = 190;

	public static final int HEIGHT = 20;

	private static final int SCALE = 2;

	private static final Color LINE = new Color(0x1F, 0x6F, 0xB2);

	private static final Color OWN = new Color(0xC2, 0x5E, 0x00);

	private static final Color BAND = new Color(0xE5, 0xE8, 0xEC);

	private static final Color MEDIAN = new Color(0x9A, 0xA1, 0xAB);

	private CoursePictures() {
	}

	/** The course as a PNG of {@value #WIDTH} by {@value #HEIGHT} pixels, twice over. */
	public static byte[] png(Course course) {
		XYPlot plot = new XYPlot(dataset(course.points()), axis(), axis(), renderer());
		plot.setOrientation(PlotOrientation.VERTICAL);
		plot.setBackgroundPaint(Color.WHITE);
		plot.setOutlineVisible(false);
		plot.setDomainGridlinesVisible(false);
		plot.setRangeGridlinesVisible(false);
		plot.setInsets(new RectangleInsets(4, 4, 4, 5));
		plot.setAxisOffset(new RectangleInsets(0, 0, 0, 0));
		plot.getDomainAxis().setRange(-0.3, Math.max(1, course.points().size() - 1) + 0.3);
		if (course.usual().told()) {
			plot.addRangeMarker(new IntervalMarker(course.usual().low(), course.usual().high(), BAND),
					Layer.BACKGROUND);
			plot.addRangeMarker(new ValueMarker(course.usual().median(), MEDIAN, new BasicStroke(1f)),
					Layer.BACKGROUND);
		}
		((NumberAxis) plot.getRangeAxis()).setAutoRangeIncludesZero(false);
		JFreeChart chart = new JFreeChart(null, null, plot, false);
		chart.setBackgroundPaint(Color.WHITE);
		chart.setPadding(new RectangleInsets(0, 0, 0, 0));
		chart.setBorderVisible(false);
		ByteArrayOutputStream png = new ByteArrayOutputStream();
		try {
			ChartUtils.writeScaledChartAsPNG(png, chart, WIDTH, HEIGHT, SCALE, SCALE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return png.toByteArray();
	}

	/** The line (a null breaks it) and, as a series of its own, the run's point. */
	private static XYSeriesCollection dataset(List<Double> points) {
		XYSeries line = new XYSeries("course", false, true);
		XYSeries own = new XYSeries("own", false, true);
		for (int i = 0; i < points.size(); i++) {
			line.add(i, points.get(i));
		}
		Double last = points.isEmpty() ? null : points.get(points.size() - 1);
		if (last != null) {
			own.add(points.size() - 1, last);
		}
		XYSeriesCollection dataset = new XYSeriesCollection(line);
		dataset.addSeries(own);
		return dataset;
	}

	private static NumberAxis axis() {
		NumberAxis axis = new NumberAxis();
		axis.setVisible(false);
		axis.setAutoRangeIncludesZero(false);
		// room for the run's dot at the top or bottom
		axis.setUpperMargin(0.2);
		axis.setLowerMargin(0.2);
		return axis;
	}

	private static XYLineAndShapeRenderer renderer() {
		XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer();
		renderer.setSeriesPaint(0, LINE);
		renderer.setSeriesStroke(0, new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
		// a lone kept period between gaps is still seen
		renderer.setSeriesShapesVisible(0, true);
		renderer.setSeriesShape(0, new Ellipse2D.Double(-1.2, -1.2, 2.4, 2.4));
		renderer.setSeriesLinesVisible(1, false);
		renderer.setSeriesShapesVisible(1, true);
		renderer.setSeriesPaint(1, OWN);
		renderer.setSeriesShape(1, new Ellipse2D.Double(-3, -3, 6, 6));
		return renderer;
	}

}
