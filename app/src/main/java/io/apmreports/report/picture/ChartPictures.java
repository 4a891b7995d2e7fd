package io.apmreports.report.picture;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeriesCollection;

import io.apmreports.definition.Thresholds;
import io.apmreports.formula.FigureColumn;
import io.apmreports.report.ChartData;
import io.apmreports.staging.TrendPoint;

/**
 * Draws the report's charts as PNG pictures of a fixed size: response time and web
 * throughput over the range (one line per top application, in the same colour on both),
 * web transaction time by component, and Apdex beside the error rate. A chart without
 * data is left out. The pictures are drawn at twice their layout size, so that they stay
 * sharp on high-density screens and in print.
 */
public final class ChartPictures {

	/** The layout width of every picture, in CSS pixels; the PNG is twice as wide. */
	public static final int WIDTH = 600;

	/** The layout height of the line charts. */
	public static final int LINE_HEIGHT = 300;

	/** The layout height of the bar charts, which list up to ten applications. */
	public static final int BAR_HEIGHT = 360;

	/** How much larger than its layout size a picture is drawn. */
	public static final int SCALE = 2;

	static {
		// pictures are drawn into images, never onto a screen; a server has none
		if (System.getProperty("java.awt.headless") == null) {
			System.setProperty("java.awt.headless", "true");
		}
	}

	private ChartPictures() {
	}

	/** The pictures of the chart data, times on the axes in {@code zone}. */
	public static List<ChartPicture> render(ChartData data, ZoneId zone) {
		return render(data, zone, Thresholds.DEFAULT);
	}

	/** The pictures, the scores coloured under a definition's thresholds. */
	public static List<ChartPicture> render(ChartData data, ZoneId zone, Thresholds thresholds) {
		List<ChartPicture> pictures = new ArrayList<>();
		if (!data.responseTimes().isEmpty()) {
			XYSeriesCollection times = TrendCharts.dataset(data.responseTimes(), TrendPoint::responseTimeMs);
			pictures
				.add(picture(
						"response-time", "Response time over the range", TrendCharts
							.chart("Response time over the range", FigureColumn.RESPONSE_TIME_MS.title(), times, zone),
						LINE_HEIGHT));
			XYSeriesCollection throughput = TrendCharts.dataset(data.responseTimes(), TrendPoint::throughputRpm);
			pictures.add(picture("throughput", "Web throughput over the range", TrendCharts
				.chart("Web throughput over the range", FigureColumn.THROUGHPUT_RPM.title(), throughput, zone),
					LINE_HEIGHT));
		}
		DefaultCategoryDataset components = BarCharts.components(data.components());
		if (components.getRowCount() > 0) {
			pictures.add(picture("components", "Web transaction time by component",
					BarCharts.componentsChart("Web transaction time by component, request queuing apart", components,
							BarCharts.queuing(data.components())),
					BAR_HEIGHT));
		}
		if (!data.scores().isEmpty()) {
			pictures.add(picture("scores", "Apdex and error rate by application",
					BarCharts.scoresChart("Apdex and error rate by application", BarCharts.scores(data.scores(), true),
							BarCharts.scores(data.scores(), false), thresholds),
					BAR_HEIGHT));
		}
		return pictures;
	}

	private static ChartPicture picture(String name, String title, JFreeChart chart, int height) {
		ByteArrayOutputStream png = new ByteArrayOutputStream();
		try {
			ChartUtils.writeScaledChartAsPNG(png, chart, WIDTH, height, SCALE, SCALE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("the chart '" + title + "' could not be drawn", ex);
		}
		return new ChartPicture(name, title, WIDTH * SCALE, height * SCALE, png.toByteArray());
	}

}
