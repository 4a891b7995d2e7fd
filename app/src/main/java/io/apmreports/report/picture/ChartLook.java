package io.apmreports.report.picture;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.StandardChartTheme;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleEdge;

/**
 * What every picture shares: fonts, colours and the plain white look that prints and
 * mails well; the colours are {@code ChartColours}', the same as the workbook's.
 */
final class ChartLook {

	/**
	 * Installed with the report machine's fonts; Java falls back to its own sans serif.
	 */
	static final String FONT = "DejaVu Sans";

	static final Color GRID = new Color(0xDD, 0xE1, 0xE6);

	static final Color TEXT = new Color(0x1F, 0x29, 0x33);

	static final BasicStroke LINE = new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);

	private ChartLook() {
	}

	/** A colour as {@code ChartColours} gives it, "4E79A7". */
	static Paint paint(String hex) {
		return new Color(Integer.parseInt(hex, 16));
	}

	static StandardChartTheme theme() {
		StandardChartTheme theme = new StandardChartTheme("apm-reports");
		theme.setExtraLargeFont(new Font(FONT, Font.BOLD, 15));
		theme.setLargeFont(new Font(FONT, Font.PLAIN, 12));
		theme.setRegularFont(new Font(FONT, Font.PLAIN, 11));
		theme.setSmallFont(new Font(FONT, Font.PLAIN, 10));
		theme.setChartBackgroundPaint(Color.WHITE);
		theme.setPlotBackgroundPaint(Color.WHITE);
		theme.setLegendBackgroundPaint(Color.WHITE);
		theme.setDomainGridlinePaint(GRID);
		theme.setRangeGridlinePaint(GRID);
		theme.setTitlePaint(TEXT);
		theme.setAxisLabelPaint(TEXT);
		theme.setTickLabelPaint(TEXT);
		theme.setLegendItemPaint(TEXT);
		theme.setItemLabelPaint(TEXT);
		theme.setShadowVisible(false);
		theme.setBarPainter(new StandardBarPainter());
		return theme;
	}

	/** The theme applied, with the legend below the plot, where it takes no width. */
	static JFreeChart styled(JFreeChart chart) {
		theme().apply(chart);
		chart.setAntiAlias(true);
		chart.setTextAntiAlias(true);
		chart.setBackgroundPaint(Color.WHITE);
		chart.getPlot().setOutlineVisible(false);
		LegendTitle legend = chart.getLegend();
		if (legend != null) {
			legend.setPosition(RectangleEdge.BOTTOM);
			legend.setFrame(BlockBorder.NONE);
		}
		return chart;
	}

}
