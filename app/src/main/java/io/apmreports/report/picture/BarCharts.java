package io.apmreports.report.picture;

import java.awt.Paint;
import java.text.DecimalFormat;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.DoubleFunction;
import java.util.function.Function;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.CombinedDomainCategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;

import io.apmreports.definition.Thresholds;
import io.apmreports.formula.FigureColumn;
import io.apmreports.report.ChartColours;
import io.apmreports.report.ChartData;

/**
 * The horizontal bar charts, one bar per top application: web transaction time stacked by
 * component, and Apdex beside the error rate. An absent value is no bar (and no label),
 * never a bar of 0.
 */
final class BarCharts {

	/**
	 * The parts of web transaction time, in the order the product's summary view stacks
	 * them. Request queuing comes before web transaction time, not in it: stacked on top,
	 * it made bars longer than the time the axis names, so it is drawn apart.
	 */
	static final List<FigureColumn> PARTS = ChartData.Components.PARTS.stream()
		.filter(part -> part != FigureColumn.REQUEST_QUEUING_MS)
		.toList();

	static final String APDEX = "Apdex score";

	static final String ERROR_RATE = "Error rate (%)";

	static final String QUEUING = ChartData.Components.name(FigureColumn.REQUEST_QUEUING_MS);

	private BarCharts() {
	}

	/**
	 * A row per part that some application has, a column per application; an absent part
	 * of one application is a {@code null} value.
	 */
	static DefaultCategoryDataset components(List<ChartData.Components> bars) {
		DefaultCategoryDataset dataset = new DefaultCategoryDataset();
		List<String> names = names(bars, ChartData.Components::applicationName);
		for (FigureColumn part : PARTS) {
			if (bars.stream().map(bar -> bar.part(part)).anyMatch(Objects::nonNull)) {
				for (int i = 0; i < bars.size(); i++) {
					dataset.addValue(bars.get(i).part(part), ChartData.Components.name(part), names.get(i));
				}
			}
		}
		return dataset;
	}

	/** One dataset per figure: Apdex as it is, the error rate in percent. */
	static DefaultCategoryDataset scores(List<ChartData.Scores> rows, boolean apdex) {
		DefaultCategoryDataset dataset = new DefaultCategoryDataset();
		List<String> names = names(rows, ChartData.Scores::applicationName);
		for (int i = 0; i < rows.size(); i++) {
			ChartData.Scores row = rows.get(i);
			Double value = apdex ? row.apdexScore() : row.errorRate() == null ? null : row.errorRate() * 100;
			dataset.addValue(value, apdex ? APDEX : ERROR_RATE, names.get(i));
		}
		return dataset;
	}

	/** Each application's request queuing, in ms; none when no application has it. */
	static DefaultCategoryDataset queuing(List<ChartData.Components> bars) {
		DefaultCategoryDataset dataset = new DefaultCategoryDataset();
		List<String> names = names(bars, ChartData.Components::applicationName);
		if (bars.stream().map(ChartData.Components::requestQueuingMs).anyMatch(Objects::nonNull)) {
			for (int i = 0; i < bars.size(); i++) {
				dataset.addValue(bars.get(i).requestQueuingMs(), QUEUING, names.get(i));
			}
		}
		return dataset;
	}

	/**
	 * Web transaction time stacked by its parts, each in its own colour in every report,
	 * and beside it, apart, request queuing.
	 */
	static JFreeChart componentsChart(String title, DefaultCategoryDataset dataset, DefaultCategoryDataset queuing) {
		StackedBarRenderer renderer = new StackedBarRenderer();
		CombinedDomainCategoryPlot plot = new CombinedDomainCategoryPlot(categoryAxis());
		CategoryPlot parts = new CategoryPlot(dataset, null, new NumberAxis("Web transaction time (ms)"), renderer);
		plot.add(parts, 3);
		BarRenderer queued = new BarRenderer();
		if (queuing.getRowCount() > 0) {
			plot.add(new CategoryPlot(queuing, null, new NumberAxis(QUEUING + " (ms)"), queued), 1);
		}
		plot.setOrientation(PlotOrientation.HORIZONTAL);
		plot.setGap(16);
		JFreeChart chart = ChartLook.styled(new JFreeChart(title, plot));
		// after the theme, which clears the series' paints
		flat(renderer);
		flat(queued);
		for (FigureColumn part : PARTS) {
			int row = dataset.getRowIndex(ChartData.Components.name(part));
			if (row >= 0) {
				renderer.setSeriesPaint(row, ChartLook.paint(ChartColours.component(part)));
			}
		}
		queued.setSeriesPaint(0, ChartLook.paint(ChartColours.component(FigureColumn.REQUEST_QUEUING_MS)));
		return chart;
	}

	/**
	 * Apdex beside the error rate, each bar green, amber or red by how good it is under
	 * the definition's thresholds.
	 */
	static JFreeChart scoresChart(String title, DefaultCategoryDataset apdex, DefaultCategoryDataset errors,
			Thresholds thresholds) {
		NumberAxis apdexAxis = new NumberAxis(APDEX);
		apdexAxis.setRange(0, 1.15);
		CombinedDomainCategoryPlot plot = new CombinedDomainCategoryPlot(categoryAxis());
		CategoryPlot apdexPlot = new CategoryPlot(apdex, null, apdexAxis, new ByValueRenderer());
		CategoryPlot errorPlot = new CategoryPlot(errors, null, new NumberAxis(ERROR_RATE), new ByValueRenderer());
		plot.add(apdexPlot);
		plot.add(errorPlot);
		plot.setOrientation(PlotOrientation.HORIZONTAL);
		plot.setGap(16);
		JFreeChart chart = ChartLook.styled(new JFreeChart(title, plot));
		chart.removeLegend();
		// after the theme, which clears the series' paints
		labelled(apdexPlot, value -> ChartColours.apdex(value, thresholds));
		labelled(errorPlot, percent -> ChartColours.errorRate(percent / 100, thresholds));
		return chart;
	}

	/**
	 * Each bar with its value beside it: a bar of 0 says 0.00, an absent value nothing.
	 */
	private static void labelled(CategoryPlot plot, DoubleFunction<String> colour) {
		ByValueRenderer renderer = (ByValueRenderer) plot.getRenderer();
		flat(renderer);
		renderer.colour = colour;
		renderer.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}", new DecimalFormat("0.00")));
		renderer.setDefaultItemLabelsVisible(true);
		renderer.setDefaultPositiveItemLabelPosition(
				new ItemLabelPosition(ItemLabelAnchor.OUTSIDE3, TextAnchor.CENTER_LEFT));
		renderer.setItemLabelAnchorOffset(4);
		plot.getRangeAxis().setUpperMargin(0.2);
		plot.setRangeAxisLocation(AxisLocation.BOTTOM_OR_RIGHT);
		plot.setOutlineVisible(false);
	}

	/** Bars coloured each by its own value. */
	private static final class ByValueRenderer extends BarRenderer {

		private static final long serialVersionUID = 1L;

		private transient DoubleFunction<String> colour;

		@Override
		public Paint getItemPaint(int row, int column) {
			Number value = getPlot().getDataset().getValue(row, column);
			return value == null || colour == null ? super.getItemPaint(row, column)
					: ChartLook.paint(colour.apply(value.doubleValue()));
		}

	}

	private static void flat(BarRenderer renderer) {
		renderer.setBarPainter(new StandardBarPainter());
		renderer.setShadowVisible(false);
		renderer.setDrawBarOutline(false);
		renderer.setMaximumBarWidth(0.08);
		renderer.setItemMargin(0);
	}

	private static CategoryAxis categoryAxis() {
		CategoryAxis axis = new CategoryAxis();
		axis.setMaximumCategoryLabelWidthRatio(0.3f);
		axis.setCategoryMargin(0.25);
		return axis;
	}

	private static <T> List<String> names(List<T> rows, Function<T, String> name) {
		Set<String> taken = new HashSet<>();
		return rows.stream().map(name).map(one -> TrendCharts.uniqueKey(one, taken)).toList();
	}

}
