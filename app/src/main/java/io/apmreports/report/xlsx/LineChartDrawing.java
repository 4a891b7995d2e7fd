package io.apmreports.report.xlsx;

import java.util.List;
import java.util.function.IntUnaryOperator;

import javax.xml.namespace.QName;

import org.apache.poi.xddf.usermodel.XDDFLineProperties;
import org.apache.poi.xddf.usermodel.XDDFShapeProperties;
import org.apache.poi.xddf.usermodel.chart.AxisCrosses;
import org.apache.poi.xddf.usermodel.chart.AxisPosition;
import org.apache.poi.xddf.usermodel.chart.ChartTypes;
import org.apache.poi.xddf.usermodel.chart.DisplayBlanks;
import org.apache.poi.xddf.usermodel.chart.MarkerStyle;
import org.apache.poi.xddf.usermodel.chart.XDDFCategoryAxis;
import org.apache.poi.xddf.usermodel.chart.XDDFCategoryDataSource;
import org.apache.poi.xddf.usermodel.chart.XDDFDataSourcesFactory;
import org.apache.poi.xddf.usermodel.chart.XDDFLineChartData;
import org.apache.poi.xddf.usermodel.chart.XDDFValueAxis;
import org.apache.poi.xssf.usermodel.XSSFChart;
import org.apache.xmlbeans.XmlCursor;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTCatAx;
import org.openxmlformats.schemas.drawingml.x2006.main.CTTextBody;
import org.openxmlformats.schemas.drawingml.x2006.main.CTTextBodyProperties;

import io.apmreports.report.ChartColours;
import io.apmreports.report.ChartData;

/**
 * Draws a chart of one figure over time, a line per application, for
 * {@link ChartDrawing}: the time axis's thinned and slanted labels are this kind's alone,
 * so they are kept here, apart from the bar charts of the applications side by side.
 */
final class LineChartDrawing {

	/**
	 * About this many labels under a time axis: a week's 168 hourly slices, each
	 * labelled, would run into each other.
	 */
	private static final int LABELS = 8;

	/** Minus 45 degrees, in the 60,000ths of a degree that a chart's text counts in. */
	private static final int SLANT = -45 * 60_000;

	/**
	 * Draws one line per application into {@code chart}, made and titled by
	 * {@link ChartDrawing}.
	 * @param title the figure's title with its unit, which heads the value axis
	 * @param column the column of each application's values in the chart table
	 */
	static void draw(XSSFChart chart, ChartTable table, String title, Double[][] values, IntUnaryOperator column) {
		List<ChartData.Series> lines = table.lines();
		String[] slices = table.slices();
		XDDFCategoryAxis time = chart.createCategoryAxis(AxisPosition.BOTTOM);
		time.setTitle(table.timeAxis());
		labelEvery(chart, Math.max(1, (slices.length + LABELS - 1) / LABELS));
		slanted(chart.getCTChart().getPlotArea().getCatAxArray(0));
		XDDFValueAxis axis = chart.createValueAxis(AxisPosition.LEFT);
		axis.setTitle(title);
		axis.setCrosses(AxisCrosses.AUTO_ZERO);
		XDDFLineChartData data = (XDDFLineChartData) chart.createData(ChartTypes.LINE, time, axis);
		data.setVaryColors(false);
		XDDFCategoryDataSource categories = XDDFDataSourcesFactory.fromArray(slices,
				ChartSheet.range(0, slices.length));
		List<String> colours = ChartColours
			.applications(lines.stream().map(ChartData.Series::applicationName).toList());
		for (int s = 0; s < lines.size(); s++) {
			XDDFLineChartData.Series series = (XDDFLineChartData.Series) data.addSeries(categories,
					XDDFDataSourcesFactory.fromArray(values[s], ChartSheet.range(column.applyAsInt(s), slices.length)));
			series.setTitle(lines.get(s).applicationName(), ChartSheet.title(column.applyAsInt(s)));
			series.setSmooth(false);
			// a marker on each of a week's hourly slices would hide the line
			series.setMarkerStyle(MarkerStyle.NONE);
			XDDFLineProperties line = new XDDFLineProperties(ChartDrawing.fill(colours.get(s)));
			line.setWidth(1.5);
			XDDFShapeProperties shape = new XDDFShapeProperties();
			shape.setLineProperties(line);
			series.setShapeProperties(shape);
		}
		chart.displayBlanksAs(DisplayBlanks.GAP);
		chart.plot(data);
		ChartDrawing.valueFormat(chart, "#,##0");
	}

	/**
	 * Labels and tick marks on every {@code skip}th category only. Written as elements
	 * through a cursor: their typed setters need a schema type that poi-ooxml-lite does
	 * not ship. They go before {@code noMultiLvlLbl} (or {@code extLst}), where the
	 * schema's sequence puts them.
	 */
	private static void labelEvery(XSSFChart chart, int skip) {
		CTCatAx axis = chart.getCTChart().getPlotArea().getCatAxArray(0);
		String namespace = axis.getDomNode().getNamespaceURI();
		try (XmlCursor cursor = axis.newCursor()) {
			boolean before = false;
			if (cursor.toFirstChild()) {
				do {
					String name = cursor.getName().getLocalPart();
					before = name.equals("noMultiLvlLbl") || name.equals("extLst");
				}
				while (!before && cursor.toNextSibling());
			}
			if (!before) {
				// past the last child, onto the axis's own end: inserting there appends
				cursor.toEndToken();
				cursor.toNextToken();
			}
			for (String element : List.of("tickLblSkip", "tickMarkSkip")) {
				cursor.beginElement(new QName(namespace, element));
				cursor.insertAttributeWithValue("val", String.valueOf(skip));
				cursor.toEndToken();
				cursor.toNextToken();
			}
		}
	}

	/**
	 * The time labels at 45 degrees: level, eight labels such as "11-16 00:00" ran into
	 * each other on a printed page ("11-16 00:0011-17 00:00").
	 */
	private static void slanted(CTCatAx axis) {
		CTTextBody text = axis.isSetTxPr() ? axis.getTxPr() : axis.addNewTxPr();
		CTTextBodyProperties body = text.getBodyPr() != null ? text.getBodyPr() : text.addNewBodyPr();
		// as text, as overlap is: a typed setter may need a schema type that
		// poi-ooxml-lite does not ship
		try (XmlCursor cursor = body.newCursor()) {
			cursor.setAttributeText(new QName("rot"), String.valueOf(SLANT));
			cursor.setAttributeText(new QName("vert"), "horz");
		}
		if (!text.isSetLstStyle()) {
			text.addNewLstStyle();
		}
		if (text.sizeOfPArray() == 0) {
			text.addNewP().addNewPPr().addNewDefRPr().setSz(ChartDrawing.TEXT_HUNDREDTHS);
		}
	}

	private LineChartDrawing() {
	}

}
