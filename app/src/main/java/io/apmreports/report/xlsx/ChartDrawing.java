package io.apmreports.report.xlsx;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.function.DoubleFunction;
import java.util.Objects;
import java.util.function.IntUnaryOperator;

import javax.xml.namespace.QName;

import org.apache.poi.xddf.usermodel.XDDFColor;
import org.apache.poi.xddf.usermodel.XDDFShapeProperties;
import org.apache.poi.xddf.usermodel.XDDFSolidFillProperties;
import org.apache.poi.xddf.usermodel.chart.AxisCrossBetween;
import org.apache.poi.xddf.usermodel.chart.AxisCrosses;
import org.apache.poi.xddf.usermodel.chart.AxisOrientation;
import org.apache.poi.xddf.usermodel.chart.AxisPosition;
import org.apache.poi.xddf.usermodel.chart.BarDirection;
import org.apache.poi.xddf.usermodel.chart.BarGrouping;
import org.apache.poi.xddf.usermodel.chart.ChartTypes;
import org.apache.poi.xddf.usermodel.chart.LegendPosition;
import org.apache.poi.xddf.usermodel.chart.XDDFBarChartData;
import org.apache.poi.xddf.usermodel.chart.XDDFCategoryAxis;
import org.apache.poi.xddf.usermodel.chart.XDDFCategoryDataSource;
import org.apache.poi.xddf.usermodel.chart.XDDFChartData;
import org.apache.poi.xddf.usermodel.chart.XDDFDataSourcesFactory;
import org.apache.poi.xddf.usermodel.chart.XDDFValueAxis;
import org.apache.poi.xssf.usermodel.XSSFChart;
import org.openxmlformats.schemas.drawingml.x2006.main.CTTextBody;
import org.apache.poi.xssf.usermodel.XSSFClientAnchor;
import org.apache.poi.xssf.usermodel.XSSFDrawing;
import org.apache.xmlbeans.XmlCursor;
import org.apache.xmlbeans.XmlObject;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTBarChart;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTBarSer;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTDPt;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTNumFmt;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTValAx;

import io.apmreports.formula.FigureColumn;
import io.apmreports.definition.Thresholds;
import io.apmreports.report.ChartColours;
import io.apmreports.report.ChartData;

/**
 * Draws the native charts above their data: response time and throughput lines side by
 * side, then stacked bars of web transaction time beside bars of Apdex and error rate.
 * Their series point at the data cells and carry the values as a cache, for viewers that
 * do not recalculate; an absent value is left out of both, a gap rather than a 0.
 */
final class ChartDrawing {

	/** The narrow charts of scores take half a wide chart's columns each. */
	private static final int NARROW = ChartSheet.CHART_COLUMNS / 2;

	/** With request queuing beside them, a narrow chart's columns. */
	private static final int QUEUED_NARROW = 4;

	/** The charts' text size, in hundredths of a point. */
	static final int TEXT_HUNDREDTHS = 1300;

	private static final FigureColumn QUEUING = FigureColumn.REQUEST_QUEUING_MS;

	private final XSSFDrawing drawing;

	private final Thresholds thresholds;

	ChartDrawing(XSSFDrawing drawing, Thresholds thresholds) {
		this.drawing = drawing;
		this.thresholds = thresholds;
	}

	void draw(ChartTable table) {
		int top = 0;
		if (!table.lines().isEmpty()) {
			lineChart(table, new Place(0, top, ChartSheet.CHART_COLUMNS), FigureColumn.RESPONSE_TIME_MS,
					table.responseTimes(), table::responseColumn);
			lineChart(table, new Place(ChartSheet.CHART_COLUMNS, top, ChartSheet.CHART_COLUMNS),
					FigureColumn.THROUGHPUT_RPM, table.throughputs(), table::throughputColumn);
			top += ChartSheet.CHART_ROWS;
		}
		if (table.applications().length > 0) {
			int queuing = ChartTable.COMPONENTS.indexOf(QUEUING);
			boolean queued = Arrays.stream(table.parts()[queuing]).anyMatch(Objects::nonNull);
			// the scores and queuing narrower beside the parts, all on the row: a third
			// row of charts put the sheet on two pages
			int narrow = queued ? QUEUED_NARROW : NARROW;
			int parts = 2 * ChartSheet.CHART_COLUMNS - (queued ? 3 : 2) * narrow;
			barChart(table, new Place(0, top, parts));
			int next = parts;
			if (queued) {
				// before web transaction time, not in it: apart, beside its parts
				scoreChart(table, new Place(next, top, narrow), QUEUING.title(), table.parts()[queuing],
						table.barColumn() + 1 + queuing, "#,##0", value -> ChartColours.component(QUEUING), null);
				next += narrow;
			}
			scoreChart(table, new Place(next, top, narrow), "Apdex score", table.apdex(), table.apdexColumn(), "0.00",
					value -> ChartColours.apdex(value, thresholds), 1.0);
			scoreChart(table, new Place(next + narrow, top, narrow), "Error rate", table.errorRates(),
					table.errorRateColumn(), "0.0%", value -> ChartColours.errorRate(value, thresholds), null);
		}
	}

	/** Where a chart goes: its first column and row, and how many columns it spans. */
	private record Place(int column, int row, int columns) {
	}

	private void lineChart(ChartTable table, Place place, FigureColumn figure, Double[][] values,
			IntUnaryOperator column) {
		String title = figure.title();
		LineChartDrawing.draw(chart(place, title.substring(0, title.indexOf(" ("))), table, title, values, column);
	}

	private void barChart(ChartTable table, Place place) {
		String[] applications = table.applications();
		Double[][] parts = table.parts();
		int barColumn = table.barColumn();
		XSSFChart chart = chart(place, "Web transaction time by component");
		XDDFCategoryAxis names = namesAxis(chart);
		XDDFValueAxis milliseconds = valueAxis(chart, FigureColumn.WEB_TRANSACTION_TIME_MS.title());
		XDDFBarChartData data = (XDDFBarChartData) chart.createData(ChartTypes.BAR, names, milliseconds);
		data.setVaryColors(false);
		data.setBarDirection(BarDirection.BAR);
		data.setBarGrouping(BarGrouping.STACKED);
		XDDFCategoryDataSource categories = XDDFDataSourcesFactory.fromArray(applications,
				ChartSheet.range(barColumn, applications.length));
		for (int p = 0; p < parts.length; p++) {
			FigureColumn component = ChartTable.COMPONENTS.get(p);
			// the parts of web transaction time only: queuing on top made bars longer
			// than the time the axis names
			if (component.equals(QUEUING)) {
				continue;
			}
			XDDFChartData.Series series = data.addSeries(categories, XDDFDataSourcesFactory.fromArray(parts[p],
					ChartSheet.range(barColumn + 1 + p, applications.length)));
			series.setTitle(ChartData.Components.name(component), ChartSheet.title(barColumn + 1 + p));
			XDDFShapeProperties shape = new XDDFShapeProperties();
			shape.setFillProperties(fill(ChartColours.component(component)));
			series.setShapeProperties(shape);
		}
		chart.plot(data);
		CTBarChart bars = chart.getCTChart().getPlotArea().getBarChartArray(0);
		// without a full overlap the stacked segments are drawn side by side, offset from
		// each other
		setVal(bars.isSetOverlap() ? bars.getOverlap() : bars.addNewOverlap(), "100");
		setVal(bars.isSetGapWidth() ? bars.getGapWidth() : bars.addNewGapWidth(), "60");
		valueFormat(chart, "#,##0");
	}

	/**
	 * One bar per application; an application without the score has no bar, not a bar of
	 * 0.
	 */
	private void scoreChart(ChartTable table, Place place, String title, Double[] values, int column, String format,
			DoubleFunction<String> colour, Double maximum) {
		String[] applications = table.applications();
		XSSFChart chart = chart(place, title);
		chart.deleteLegend();
		XDDFCategoryAxis names = namesAxis(chart);
		XDDFValueAxis axis = valueAxis(chart, title);
		axis.setMinimum(0);
		if (maximum != null) {
			axis.setMaximum(maximum);
		}
		XDDFBarChartData data = (XDDFBarChartData) chart.createData(ChartTypes.BAR, names, axis);
		data.setVaryColors(false);
		data.setBarDirection(BarDirection.BAR);
		XDDFChartData.Series series = data.addSeries(
				XDDFDataSourcesFactory.fromArray(applications,
						ChartSheet.range(table.barColumn(), applications.length)),
				XDDFDataSourcesFactory.fromArray(values, ChartSheet.range(column, applications.length)));
		series.setTitle(title, ChartSheet.title(column));
		chart.plot(data);
		// each bar in the colour of its own value: green, amber or red by how good
		CTBarSer bars = chart.getCTChart().getPlotArea().getBarChartArray(0).getSerArray(0);
		for (int i = 0; i < values.length; i++) {
			if (values[i] != null) {
				CTDPt point = bars.addNewDPt();
				point.addNewIdx().setVal(i);
				point.addNewInvertIfNegative().setVal(false);
				point.addNewSpPr()
					.addNewSolidFill()
					.addNewSrgbClr()
					.setVal(HexFormat.of().parseHex(colour.apply(values[i])));
			}
		}
		valueFormat(chart, format);
	}

	/**
	 * Applications down the side: horizontal bars keep long names readable; reversed so
	 * that the busiest application is on top.
	 */
	private static XDDFCategoryAxis namesAxis(XSSFChart chart) {
		XDDFCategoryAxis names = chart.createCategoryAxis(AxisPosition.LEFT);
		names.setOrientation(AxisOrientation.MAX_MIN);
		return names;
	}

	private static XDDFValueAxis valueAxis(XSSFChart chart, String title) {
		XDDFValueAxis axis = chart.createValueAxis(AxisPosition.BOTTOM);
		axis.setTitle(title);
		// with the categories reversed, crossing at the last one keeps the value axis at
		// the bottom
		axis.setCrosses(AxisCrosses.MAX);
		axis.setCrossBetween(AxisCrossBetween.BETWEEN);
		return axis;
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
	 * The value axis's own format: the cells' formats would print 350.0 ms, noise at a
	 * chart's resolution.
	 */
	static void valueFormat(XSSFChart chart, String code) {
		CTValAx axis = chart.getCTChart().getPlotArea().getValAxArray(0);
		CTNumFmt format = axis.isSetNumFmt() ? axis.getNumFmt() : axis.addNewNumFmt();
		format.setFormatCode(code);
		format.setSourceLinked(false);
	}

	static XDDFSolidFillProperties fill(String hex) {
		return new XDDFSolidFillProperties(XDDFColor.from(HexFormat.of().parseHex(hex)));
	}

	private XSSFChart chart(Place place, String title) {
		XSSFClientAnchor anchor = drawing.createAnchor(0, 0, 0, 0, place.column(), place.row(),
				place.column() + place.columns(), place.row() + ChartSheet.CHART_ROWS);
		XSSFChart chart = drawing.createChart(anchor);
		chart.setTitleText(title);
		chart.setTitleOverlay(false);
		chart.getOrAddLegend().setPosition(LegendPosition.BOTTOM);
		textSize(chart);
		return chart;
	}

	/**
	 * The chart's text (axes, legend) at {@value #TEXT_HUNDREDTHS}/100 points: the charts
	 * sheet prints one page wide at about 60%, where the default 10 points printed at 6.
	 */
	private static void textSize(XSSFChart chart) {
		CTTextBody text = chart.getCTChartSpace().isSetTxPr() ? chart.getCTChartSpace().getTxPr()
				: chart.getCTChartSpace().addNewTxPr();
		text.addNewBodyPr();
		text.addNewLstStyle();
		text.addNewP().addNewPPr().addNewDefRPr().setSz(TEXT_HUNDREDTHS);
	}

}
