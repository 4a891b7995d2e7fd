package io.apmreports.output;

import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import javax.xml.namespace.QName;

import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.ss.util.CellReference;
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
import org.apache.poi.xssf.streaming.SXSSFSheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;
import org.apache.poi.xssf.usermodel.XSSFChart;
import org.apache.poi.xssf.usermodel.XSSFClientAnchor;
import org.apache.poi.xssf.usermodel.XSSFDrawing;
import org.apache.xmlbeans.XmlCursor;
import org.apache.xmlbeans.XmlObject;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTBarChart;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTNumFmt;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTValAx;

/**
 * The Charts sheet: the data of its two charts in its own cells, below the charts, and native charts whose series
 * point at those cells and carry their values as a cache, so that viewers which do not recalculate still draw them.
 */
final class ChartSheet {

	static final String NAME = "Charts";

	/** More lines or bars than this make a chart no one can read; the other sheets hold every application. */
	static final int TOP = 10;

	/** Each chart spans this many columns and rows, side by side, so that both fit a screen without scrolling. */
	private static final int CHART_COLUMNS = 10;

	private static final int CHART_ROWS = 22;

	/** The first row of the data tables: below the charts, so that a reader meets the charts first. */
	static final int DATA_ROW = CHART_ROWS + 1;

	/** The parts of web transaction time, named as the product's summary view names them, in stacking order. */
	static final List<String> COMPONENTS = List.of("Application", "Datastore", "Database", "Ruby database",
			"External", "Cache", "Request queuing");

	private static final List<Function<ChartData.Components, Double>> PARTS = List.of(
			ChartData.Components::applicationMs, ChartData.Components::datastoreMs, ChartData.Components::databaseMs,
			ChartData.Components::rubyDatabaseMs, ChartData.Components::externalMs, ChartData.Components::cacheMs,
			ChartData.Components::requestQueuingMs);

	/**
	 * Tableau 10, one colour per line or bar part. Set explicitly because series left to automatic colours are
	 * invisible in LibreOffice: the workbook has no theme to take them from.
	 */
	private static final List<String> PALETTE = List.of("4E79A7", "F28E2B", "E15759", "76B7B2", "59A14F", "EDC948",
			"B07AA1", "FF9DA7", "9C755F", "BAB0AC");

	/**
	 * Short enough that the labels under the time axis do not run into each other; the year and zone are in the axis
	 * title, the full times on the Trends sheet.
	 */
	private static final DateTimeFormatter SLICE = DateTimeFormatter.ofPattern("MM-dd HH:mm");

	private final SXSSFWorkbook workbook;

	private final SXSSFSheet sheet;

	private final CellStyle bold;

	private final CellStyle milliseconds;

	private final ZoneId zone;

	ChartSheet(SXSSFWorkbook workbook, SXSSFSheet sheet, CellStyle bold, CellStyle milliseconds, ZoneId zone) {
		this.workbook = workbook;
		this.sheet = sheet;
		this.bold = bold;
		this.milliseconds = milliseconds;
		this.zone = zone;
	}

	void write(ChartData data) {
		List<ChartData.Series> lines = top(data.responseTimes());
		List<ChartData.Components> bars = top(data.components());
		if (lines.isEmpty() && bars.isEmpty()) {
			sheet.createRow(0).createCell(0).setCellValue("No chart data for this range.");
			return;
		}
		String[] slices = slices(lines);
		Double[][] responseTimes = responseTimes(lines, slices);
		String[] applications = bars.stream().map(ChartData.Components::applicationName).toArray(String[]::new);
		Double[][] parts = parts(bars);
		int barColumn = lines.isEmpty() ? 0 : lines.size() + 2;
		writeCells(lines, slices, responseTimes, barColumn, applications, parts);
		layout(lines, barColumn, applications);
		XSSFDrawing drawing = workbook.getXSSFWorkbook().getSheet(NAME).createDrawingPatriarch();
		if (!lines.isEmpty()) {
			lineChart(drawing, lines, slices, responseTimes);
		}
		if (!bars.isEmpty()) {
			barChart(drawing, lines.isEmpty() ? 0 : CHART_COLUMNS + 1, barColumn, applications, parts);
		}
	}

	private static <T> List<T> top(List<T> items) {
		return items.size() > TOP ? items.subList(0, TOP) : items;
	}

	/** The union of the slice starts of all series, in time order, as the category labels. */
	private String[] slices(List<ChartData.Series> lines) {
		return lines.stream()
			.flatMap(series -> series.points().stream())
			.map(TrendPoint::from)
			.map(OffsetDateTime::toInstant)
			.distinct()
			.sorted()
			.map(instant -> SLICE.format(instant.atZone(zone)))
			.toArray(String[]::new);
	}

	/** One row per series, one value per slice; a slice a series lacks stays null, a gap in the line. */
	private Double[][] responseTimes(List<ChartData.Series> lines, String[] slices) {
		Map<String, Integer> index = new HashMap<>();
		for (int i = 0; i < slices.length; i++) {
			index.put(slices[i], i);
		}
		Double[][] values = new Double[lines.size()][slices.length];
		for (int s = 0; s < lines.size(); s++) {
			for (TrendPoint point : lines.get(s).points()) {
				values[s][index.get(SLICE.format(point.from().atZoneSameInstant(zone)))] = point.responseTimeMs();
			}
		}
		return values;
	}

	/**
	 * One row per component, one value per application; an absent part stays null, an empty cell that a stacked bar
	 * simply leaves out, so that the data block never shows it as a measured 0.
	 */
	private static Double[][] parts(List<ChartData.Components> bars) {
		Double[][] values = new Double[PARTS.size()][bars.size()];
		for (int p = 0; p < PARTS.size(); p++) {
			for (int b = 0; b < bars.size(); b++) {
				values[p][b] = PARTS.get(p).apply(bars.get(b));
			}
		}
		return values;
	}

	private void writeCells(List<ChartData.Series> lines, String[] slices, Double[][] responseTimes, int barColumn,
			String[] applications, Double[][] parts) {
		Row header = sheet.createRow(DATA_ROW);
		if (!lines.isEmpty()) {
			heading(header, 0, "Slice start (" + zone.getId() + ", " + year(lines) + ")");
			for (int s = 0; s < lines.size(); s++) {
				heading(header, 1 + s, lines.get(s).applicationName());
			}
		}
		if (applications.length > 0) {
			heading(header, barColumn, "Application (ms)");
			for (int p = 0; p < COMPONENTS.size(); p++) {
				heading(header, barColumn + 1 + p, COMPONENTS.get(p));
			}
		}
		int rows = Math.max(slices.length, applications.length);
		for (int r = 0; r < rows; r++) {
			Row row = sheet.createRow(DATA_ROW + 1 + r);
			if (r < slices.length) {
				row.createCell(0).setCellValue(slices[r]);
				for (int s = 0; s < lines.size(); s++) {
					number(row, 1 + s, responseTimes[s][r]);
				}
			}
			if (r < applications.length) {
				row.createCell(barColumn).setCellValue(CellText.text(applications[r]));
				for (int p = 0; p < parts.length; p++) {
					number(row, barColumn + 1 + p, parts[p][r]);
				}
			}
		}
	}

	private void heading(Row row, int column, String text) {
		Cell cell = row.createCell(column);
		cell.setCellValue(CellText.text(text));
		cell.setCellStyle(bold);
	}

	private void number(Row row, int column, Double value) {
		if (value != null) {
			Cell cell = row.createCell(column);
			cell.setCellValue(value);
			cell.setCellStyle(milliseconds);
		}
	}

	/** Widths that keep the tables readable, and a landscape page one page wide, so a printout shows both charts. */
	private void layout(List<ChartData.Series> lines, int barColumn, String[] applications) {
		for (int c = 0; c < Math.max(barColumn + 1 + COMPONENTS.size(), CHART_COLUMNS * 2 + 1); c++) {
			sheet.setColumnWidth(c, 14 * 256);
		}
		if (!lines.isEmpty()) {
			sheet.setColumnWidth(0, 34 * 256);
			for (int s = 0; s < lines.size(); s++) {
				sheet.setColumnWidth(1 + s, width(lines.get(s).applicationName()));
			}
		}
		if (applications.length > 0) {
			int widest = 0;
			for (String application : applications) {
				widest = Math.max(widest, width(application));
			}
			sheet.setColumnWidth(barColumn, widest);
		}
		sheet.setAutobreaks(true);
		sheet.setFitToPage(true);
		sheet.getPrintSetup().setLandscape(true);
		sheet.getPrintSetup().setFitWidth((short) 1);
		sheet.getPrintSetup().setFitHeight((short) 0);
	}

	/** Wide enough for a name, within bounds: a very long name would push the charts apart. */
	private static int width(String name) {
		return Math.min(Math.max(14, name == null ? 0 : name.length() + 2), 32) * 256;
	}

	private void lineChart(XSSFDrawing drawing, List<ChartData.Series> lines, String[] slices,
			Double[][] responseTimes) {
		XSSFChart chart = chart(drawing, 0, "Response time");
		XDDFCategoryAxis time = chart.createCategoryAxis(AxisPosition.BOTTOM);
		time.setTitle("Slice start (" + zone.getId() + ", " + year(lines) + ")");
		XDDFValueAxis milliseconds = chart.createValueAxis(AxisPosition.LEFT);
		milliseconds.setTitle("Response time (ms)");
		milliseconds.setCrosses(AxisCrosses.AUTO_ZERO);
		XDDFLineChartData data = (XDDFLineChartData) chart.createData(ChartTypes.LINE, time, milliseconds);
		data.setVaryColors(false);
		XDDFCategoryDataSource categories = XDDFDataSourcesFactory.fromArray(slices, range(0, slices.length));
		for (int s = 0; s < lines.size(); s++) {
			XDDFLineChartData.Series series = (XDDFLineChartData.Series) data.addSeries(categories,
					XDDFDataSourcesFactory.fromArray(responseTimes[s], range(1 + s, slices.length)));
			series.setTitle(lines.get(s).applicationName(), title(1 + s));
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

	private void barChart(XSSFDrawing drawing, int firstColumn, int barColumn, String[] applications,
			Double[][] parts) {
		XSSFChart chart = chart(drawing, firstColumn, "Web transaction time by component");
		XDDFCategoryAxis names = chart.createCategoryAxis(AxisPosition.LEFT);
		names.setTitle("Application");
		// horizontal bars keep long names readable; reversed so that the busiest application is on top
		names.setOrientation(AxisOrientation.MAX_MIN);
		XDDFValueAxis milliseconds = chart.createValueAxis(AxisPosition.BOTTOM);
		milliseconds.setTitle("Web transaction time (ms)");
		// with the categories reversed, crossing at the last one keeps the value axis at the bottom
		milliseconds.setCrosses(AxisCrosses.MAX);
		milliseconds.setCrossBetween(AxisCrossBetween.BETWEEN);
		XDDFBarChartData data = (XDDFBarChartData) chart.createData(ChartTypes.BAR, names, milliseconds);
		data.setVaryColors(false);
		data.setBarDirection(BarDirection.BAR);
		data.setBarGrouping(BarGrouping.STACKED);
		XDDFCategoryDataSource categories = XDDFDataSourcesFactory.fromArray(applications,
				range(barColumn, applications.length));
		for (int p = 0; p < parts.length; p++) {
			XDDFChartData.Series series = data.addSeries(categories,
					XDDFDataSourcesFactory.fromArray(parts[p], range(barColumn + 1 + p, applications.length)));
			series.setTitle(COMPONENTS.get(p), title(barColumn + 1 + p));
			XDDFShapeProperties shape = new XDDFShapeProperties();
			shape.setFillProperties(fill(p));
			series.setShapeProperties(shape);
		}
		chart.plot(data);
		CTBarChart bars = chart.getCTChart().getPlotArea().getBarChartArray(0);
		// without a full overlap the stacked segments are drawn side by side, offset from each other
		setVal(bars.isSetOverlap() ? bars.getOverlap() : bars.addNewOverlap(), "100");
		setVal(bars.isSetGapWidth() ? bars.getGapWidth() : bars.addNewGapWidth(), "60");
		wholeNumbers(chart);
	}

	/**
	 * Sets a {@code val} attribute as text: the typed setters of overlap and gap width resolve a union schema type
	 * that poi-ooxml-lite does not ship, and fail at run time.
	 */
	private static void setVal(XmlObject element, String value) {
		try (XmlCursor cursor = element.newCursor()) {
			cursor.setAttributeText(new QName("val"), value);
		}
	}

	/** The year of the slices, or first and last year when the range spans a new year. */
	private String year(List<ChartData.Series> lines) {
		IntSummaryStatistics years = lines.stream()
			.flatMap(series -> series.points().stream())
			.mapToInt(point -> point.from().atZoneSameInstant(zone).getYear())
			.summaryStatistics();
		return years.getMin() == years.getMax() ? String.valueOf(years.getMin())
				: years.getMin() + "-" + years.getMax();
	}

	/**
	 * Milliseconds on the value axis without decimals: the cells' own format would print 350.0, noise at a chart's
	 * resolution.
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

	private XSSFChart chart(XSSFDrawing drawing, int firstColumn, String title) {
		XSSFClientAnchor anchor = drawing.createAnchor(0, 0, 0, 0, firstColumn, 0, firstColumn + CHART_COLUMNS,
				CHART_ROWS);
		XSSFChart chart = drawing.createChart(anchor);
		chart.setTitleText(title);
		chart.setTitleOverlay(false);
		chart.getOrAddLegend().setPosition(LegendPosition.BOTTOM);
		return chart;
	}

	/** The absolute reference of a column's values below the header, as the series formula names it. */
	static String range(int column, int count) {
		CellRangeAddress cells = new CellRangeAddress(DATA_ROW + 1, DATA_ROW + Math.max(count, 1), column, column);
		return "'" + NAME + "'!" + cells.formatAsString(null, true);
	}

	private static CellReference title(int column) {
		return new CellReference(NAME, DATA_ROW, column, true, true);
	}

}
