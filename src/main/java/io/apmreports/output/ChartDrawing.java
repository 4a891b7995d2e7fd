package io.apmreports.output;

import java.util.HexFormat;
import java.util.List;

import javax.xml.namespace.QName;

import org.apache.poi.xddf.usermodel.XDDFColor;
import org.apache.poi.xddf.usermodel.XDDFLineProperties;
import org.apache.poi.xddf.usermodel.XDDFShapeProperties;
import org.apache.poi.xddf.usermodel.XDDFSolidFillProperties;
import org.apache.poi.xddf.usermodel.chart.AxisCrossBetween;
import org.apache.poi.xddf.usermodel.chart.AxisCrosses;
import org.apache.poi.xddf.usermodel.chart.AxisOrientation;
import org.apache.poi.xddf.usermodel.chart.AxisPosition;
import org.apache.poi.xddf.usermodel.chart.BarDirection;
import org.apache.poi.xddf.usermodel.chart.BarGrouping;
import org.apache.poi.xddf.usermodel.chart.ChartTypes;
import org.apache.poi.xddf.usermodel.chart.DisplayBlanks;
import org.apache.poi.xddf.usermodel.chart.LegendPosition;
import org.apache.poi.xddf.usermodel.chart.MarkerStyle;
import org.apache.poi.xddf.usermodel.chart.XDDFBarChartData;
import org.apache.poi.xddf.usermodel.chart.XDDFCategoryAxis;
import org.apache.poi.xddf.usermodel.chart.XDDFCategoryDataSource;
import org.apache.poi.xddf.usermodel.chart.XDDFChartData;
import org.apache.poi.xddf.usermodel.chart.XDDFDataSourcesFactory;
import org.apache.poi.xddf.usermodel.chart.XDDFLineChartData;
import org.apache.poi.xddf.usermodel.chart.XDDFValueAxis;
import org.apache.poi.xssf.usermodel.XSSFChart;
import org.apache.poi.xssf.usermodel.XSSFClientAnchor;
import org.apache.poi.xssf.usermodel.XSSFDrawing;
import org.apache.xmlbeans.XmlCursor;
import org.apache.xmlbeans.XmlObject;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTBarChart;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTNumFmt;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTValAx;

/**
 * Draws the two native charts side by side above their data: response time lines and
 * stacked bars of web transaction time. Their series point at the data cells and carry
 * the values as a cache, for viewers that do not recalculate.
 */
final class ChartDrawing {

	/**
	 * Tableau 10, one colour per line or bar part. Set explicitly because series left to
	 * automatic colours are invisible in LibreOffice: the workbook has no theme to take
	 * them from.
	 */
	private static final List<String> PALETTE = List.of("4E79A7", "F28E2B", "E15759", "76B7B2", "59A14F", "EDC948",
			"B07AA1", "FF9DA7", "9C755F", "BAB0AC");

	private final XSSFDrawing drawing;

	ChartDrawing(XSSFDrawing drawing) {
		this.drawing = drawing;
	}

	void draw(ChartTable table) {
		if (!table.lines().isEmpty()) {
			lineChart(table);
		}
		if (table.applications().length > 0) {
			barChart(table, table.lines().isEmpty() ? 0 : ChartSheet.CHART_COLUMNS + 1);
		}
	}

	private void lineChart(ChartTable table) {
		List<ChartData.Series> lines = table.lines();
		String[] slices = table.slices();
		XSSFChart chart = chart(0, "Response time");
		XDDFCategoryAxis time = chart.createCategoryAxis(AxisPosition.BOTTOM);
		time.setTitle(table.timeAxis());
		XDDFValueAxis milliseconds = chart.createValueAxis(AxisPosition.LEFT);
		milliseconds.setTitle("Response time (ms)");
		milliseconds.setCrosses(AxisCrosses.AUTO_ZERO);
		XDDFLineChartData data = (XDDFLineChartData) chart.createData(ChartTypes.LINE, time, milliseconds);
		data.setVaryColors(false);
		XDDFCategoryDataSource categories = XDDFDataSourcesFactory.fromArray(slices,
				ChartSheet.range(0, slices.length));
		for (int s = 0; s < lines.size(); s++) {
			XDDFLineChartData.Series series = (XDDFLineChartData.Series) data.addSeries(categories,
					XDDFDataSourcesFactory.fromArray(table.responseTimes()[s], ChartSheet.range(1 + s, slices.length)));
			series.setTitle(lines.get(s).applicationName(), ChartSheet.title(1 + s));
			series.setSmooth(false);
			// a marker on each of a week's hourly slices would hide the line
			series.setMarkerStyle(MarkerStyle.NONE);
			XDDFLineProperties line = new XDDFLineProperties(fill(s));
			line.setWidth(1.75);
			XDDFShapeProperties shape = new XDDFShapeProperties();
			shape.setLineProperties(line);
			series.setShapeProperties(shape);
		}
		chart.displayBlanksAs(DisplayBlanks.GAP);
		chart.plot(data);
		wholeNumbers(chart);
	}

	private void barChart(ChartTable table, int firstColumn) {
		String[] applications = table.applications();
		Double[][] parts = table.parts();
		int barColumn = table.barColumn();
		XSSFChart chart = chart(firstColumn, "Web transaction time by component");
		XDDFCategoryAxis names = chart.createCategoryAxis(AxisPosition.LEFT);
		names.setTitle("Application");
		// horizontal bars keep long names readable; reversed so that the busiest
		// application is on top
		names.setOrientation(AxisOrientation.MAX_MIN);
		XDDFValueAxis milliseconds = chart.createValueAxis(AxisPosition.BOTTOM);
		milliseconds.setTitle("Web transaction time (ms)");
		// with the categories reversed, crossing at the last one keeps the value axis at
		// the bottom
		milliseconds.setCrosses(AxisCrosses.MAX);
		milliseconds.setCrossBetween(AxisCrossBetween.BETWEEN);
		XDDFBarChartData data = (XDDFBarChartData) chart.createData(ChartTypes.BAR, names, milliseconds);
		data.setVaryColors(false);
		data.setBarDirection(BarDirection.BAR);
		data.setBarGrouping(BarGrouping.STACKED);
		XDDFCategoryDataSource categories = XDDFDataSourcesFactory.fromArray(applications,
				ChartSheet.range(barColumn, applications.length));
		for (int p = 0; p < parts.length; p++) {
			XDDFChartData.Series series = data.addSeries(categories, XDDFDataSourcesFactory.fromArray(parts[p],
					ChartSheet.range(barColumn + 1 + p, applications.length)));
			series.setTitle(ChartTable.COMPONENTS.get(p), ChartSheet.title(barColumn + 1 + p));
			XDDFShapeProperties shape = new XDDFShapeProperties();
			shape.setFillProperties(fill(p));
			series.setShapeProperties(shape);
		}
		chart.plot(data);
		CTBarChart bars = chart.getCTChart().getPlotArea().getBarChartArray(0);
		// without a full overlap the stacked segments are drawn side by side, offset from
		// each other
		setVal(bars.isSetOverlap() ? bars.getOverlap() : bars.addNewOverlap(), "100");
		setVal(bars.isSetGapWidth() ? bars.getGapWidth() : bars.addNewGapWidth(), "60");
		wholeNumbers(chart);
	}

	/**
	 * Sets a {@code val} attribute as text: the typed setters of overlap and gap width
	 * resolve a union schema type that poi-ooxml-lite does not ship, and fail at run
	 * time.
	 */
	private static void setVal(XmlObject element, String value) {
		try (XmlCursor cursor = element.newCursor()) {
			cursor.setAttributeText(new QName("val"), value);
		}
	}

	/**
	 * Milliseconds on the value axis without decimals: the cells' own format would print
	 * 350.0, noise at a chart's resolution.
	 */
	private static void wholeNumbers(XSSFChart chart) {
		CTValAx axis = chart.getCTChart().getPlotArea().getValAxArray(0);
		CTNumFmt format = axis.isSetNumFmt() ? axis.getNumFmt() : axis.addNewNumFmt();
		format.setFormatCode("0");
		format.setSourceLinked(false);
	}

	private static XDDFSolidFillProperties fill(int series) {
		return new XDDFSolidFillProperties(
				XDDFColor.from(HexFormat.of().parseHex(PALETTE.get(series % PALETTE.size()))));
	}

	private XSSFChart chart(int firstColumn, String title) {
		XSSFClientAnchor anchor = drawing.createAnchor(0, 0, 0, 0, firstColumn, 0,
				firstColumn + ChartSheet.CHART_COLUMNS, ChartSheet.CHART_ROWS);
		XSSFChart chart = drawing.createChart(anchor);
		chart.setTitleText(title);
		chart.setTitleOverlay(false);
		chart.getOrAddLegend().setPosition(LegendPosition.BOTTOM);
		return chart;
	}

}
