package io.apmreports.report.xlsx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;

import javax.xml.namespace.QName;

import org.apache.poi.ss.SpreadsheetVersion;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.util.AreaReference;
import org.apache.poi.ss.util.CellReference;
import org.apache.poi.xssf.usermodel.XSSFChart;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.apache.xmlbeans.XmlCursor;
import org.apache.xmlbeans.XmlObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTBarChart;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTBarSer;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTCatAx;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTLineChart;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTLineSer;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTNumRef;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTNumVal;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTPlotArea;
import org.openxmlformats.schemas.drawingml.x2006.chart.STBarGrouping;

import io.apmreports.definition.Section;
import io.apmreports.range.TimeRange;
import io.apmreports.formula.FigureColumn;
import io.apmreports.report.ChartColours;
import io.apmreports.report.ChartData;
import io.apmreports.report.ReportHeader;
import io.apmreports.staging.TrendPoint;
import io.apmreports.testing.OverviewFixtures;

/**
 * The Charts sheet read back with POI: which charts, where their series point, what their
 * caches hold (never a 0 for an absent value), and how the sheet prints.
 */
class ChartSheetTests {

	private static final OffsetDateTime FROM = OffsetDateTime.parse("2026-11-09T00:00:00+01:00");

	@TempDir
	Path directory;

	@Test
	void responseTimeAndThroughputOfTheSameApplicationsSideBySide() throws IOException {
		try (XSSFWorkbook workbook = written()) {
			List<XSSFChart> charts = workbook.getSheet("Charts").getDrawingPatriarch().getCharts();
			assertThat(charts).extracting(chart -> chart.getTitleText().getString())
				.containsExactly("Response time", "Web throughput", "Web transaction time by component",
						"Request queuing (ms)", "Apdex score", "Error rate");
			CTLineSer[] times = charts.get(0).getCTChart().getPlotArea().getLineChartArray(0).getSerArray();
			CTLineSer[] throughputs = charts.get(1).getCTChart().getPlotArea().getLineChartArray(0).getSerArray();
			assertThat(times).extracting(ChartSheetTests::title).containsExactly("Checkout", "Search");
			assertThat(throughputs).extracting(ChartSheetTests::title).containsExactly("Checkout", "Search");
			// the data sheet: slices in A, response times in B and C, throughputs in E
			// and F
			assertThat(times[0].getVal().getNumRef().getF()).isEqualTo("'Chart data'!$B$3:$B$5");
			assertThat(cached(times[0].getVal().getNumRef())).containsExactly(100.0, 120.0, 90.0);
			assertThat(throughputs[1].getVal().getNumRef().getF()).isEqualTo("'Chart data'!$F$3:$F$5");
			assertThat(cached(throughputs[1].getVal().getNumRef())).containsExactly(400.0, 410.0, 420.0);
			assertThat(times[0].getCat().getStrRef().getStrCache().getPtArray(0).getV()).isEqualTo("11-09 00:00");
			// the same application in the same colour in both charts
			for (int s = 0; s < times.length; s++) {
				assertThat(throughputs[s].getSpPr().getLn().getSolidFill().getSrgbClr().getVal())
					.isEqualTo(times[s].getSpPr().getLn().getSolidFill().getSrgbClr().getVal());
			}
		}
	}

	@Test
	void theBarChartStacksTheComponentsAndLeavesAbsentOnesOut() throws IOException {
		try (XSSFWorkbook workbook = written()) {
			XSSFChart chart = workbook.getSheet("Charts").getDrawingPatriarch().getCharts().get(2);
			CTBarChart bar = chart.getCTChart().getPlotArea().getBarChartArray(0);
			assertThat(bar.getGrouping().getVal()).isEqualTo(STBarGrouping.STACKED);
			assertThat(val(bar.getOverlap())).isEqualTo("100");
			CTBarSer[] series = bar.getSerArray();
			assertThat(series).extracting(s -> s.getTx().getStrRef().getStrCache().getPtArray(0).getV())
				.containsExactly("Application time", "Datastore", "Database", "Ruby database", "External", "Cache");
			// each component in its colour in every report
			assertThat(series[1].getSpPr().getSolidFill().getSrgbClr().getVal())
				.isEqualTo(HexFormat.of().parseHex(ChartColours.component(FigureColumn.DATASTORE_MS)));
			// right of the two response time and two throughput columns, one apart: H
			// names
			assertThat(series[0].getCat().getStrRef().getF()).isEqualTo("'Chart data'!$H$3:$H$5");
			assertThat(cached(series[0].getVal().getNumRef())).containsExactly(80.0, 30.0, 10.0);
			// Search has no database time: no cached point and an empty cell
			assertThat(series[2].getVal().getNumRef().getNumCache().getPtList()).extracting(CTNumVal::getIdx)
				.containsExactly(0L, 2L);
		}
	}

	@Test
	void theTimeLabelsAreSlantedSoThatTheyDoNotRunIntoEachOther() throws IOException {
		try (XSSFWorkbook workbook = written()) {
			List<XSSFChart> charts = workbook.getSheet("Charts").getDrawingPatriarch().getCharts();
			for (XSSFChart chart : charts.subList(0, 2)) {
				CTCatAx time = chart.getCTChart().getPlotArea().getCatAxArray(0);
				// level, "11-16 00:00" beside "11-17 00:00" printed as "11-16
				// 00:0011-17 00:00"
				assertThat(time.isSetTxPr()).as(chart.getTitleText().getString()).isTrue();
				try (XmlCursor cursor = time.getTxPr().getBodyPr().newCursor()) {
					assertThat(cursor.getAttributeText(new QName("rot"))).isEqualTo("-2700000");
				}
			}
		}
	}

	@Test
	void anApplicationWithoutApdexOrErrorRateHasNoBarRatherThanOneOfZero() throws IOException {
		try (XSSFWorkbook workbook = written()) {
			List<XSSFChart> charts = workbook.getSheet("Charts").getDrawingPatriarch().getCharts();
			CTNumRef apdex = onlyBars(charts.get(4));
			CTNumRef errors = onlyBars(charts.get(5));
			assertThat(apdex.getNumCache().getPtList()).extracting(CTNumVal::getIdx).containsExactly(0L, 1L);
			assertThat(cached(apdex)).containsExactly(0.93, 0.55);
			assertThat(errors.getNumCache().getPtList()).extracting(CTNumVal::getIdx).containsExactly(0L);
		}
	}

	@Test
	void noChartCacheHoldsAValueForAnEmptyCell() throws IOException {
		try (XSSFWorkbook workbook = written()) {
			int points = 0;
			for (XSSFChart chart : workbook.getSheet("Charts").getDrawingPatriarch().getCharts()) {
				for (CTNumRef reference : numberReferences(chart)) {
					List<Cell> cells = cells(workbook, reference.getF());
					for (CTNumVal point : reference.getNumCache().getPtList()) {
						Cell cell = cells.get((int) point.getIdx());
						assertThat(cell).as(reference.getF() + " point " + point.getIdx()).isNotNull();
						assertThat(cell.getNumericCellValue()).isEqualTo(Double.parseDouble(point.getV()));
						points++;
					}
					long filled = cells.stream()
						.filter(cell -> cell != null && cell.getCellType() == CellType.NUMERIC)
						.count();
					assertThat(reference.getNumCache().getPtList()).as(reference.getF()).hasSize((int) filled);
				}
			}
			assertThat(points).isPositive();
		}
	}

	@Test
	void theChartsPrintOnOneLandscapePageAndTheirDataIsHidden() throws IOException {
		try (XSSFWorkbook workbook = written()) {
			XSSFSheet charts = workbook.getSheet("Charts");
			assertThat(charts.getPrintSetup().getLandscape()).isTrue();
			assertThat(charts.getFitToPage()).isTrue();
			// one page, as docs/output.md says: the charts' 13 points print at about 65%
			assertThat(charts.getPrintSetup().getFitWidth()).isEqualTo((short) 1);
			assertThat(charts.getPrintSetup().getFitHeight()).isEqualTo((short) 1);
			assertThat(charts.getHeader().getLeft()).contains("Weekly performance");
			assertThat(charts.getHeader().getRight()).isEqualTo("&12Mon 9 Nov to Sun 15 Nov 2026, Europe/Berlin");
			assertThat(charts.getFooter().getRight()).isEqualTo("&12Page &P of &N");
			assertThat(workbook.isSheetHidden(workbook.getSheetIndex("Chart data"))).isTrue();
			assertThat(workbook.getSheet("Chart data").getRow(1).getCell(0).getStringCellValue())
				.isEqualTo("Slice start (Europe/Berlin, 2026)");
		}
	}

	private XSSFWorkbook written() throws IOException {
		Path file = directory.resolve("charts.xlsx");
		ReportHeader header = new ReportHeader("Weekly performance", "weekly-performance",
				"Demo production (account 1234567)", new TimeRange(FROM, FROM.plusDays(7)), ZoneId.of("Europe/Berlin"),
				FROM.plusDays(7));
		try (XlsxReportWriter writer = new XlsxReportWriter(file, header, EnumSet.of(Section.CHARTS))) {
			writer.charts(new ChartData(
					List.of(series(1, "Checkout", new Double[] { 100.0, 120.0, 90.0 }, 1000.0),
							series(2, "Search", new Double[] { 40.0, null, 50.0 }, 400.0)),
					List.of(new ChartData.Components("Checkout", 80.0, 5.0, 20.0, null, 10.0, 1.0, 4.0),
							new ChartData.Components("Search", 30.0, null, null, null, 8.0, null, null),
							new ChartData.Components("Billing", 10.0, 2.0, 5.0, 3.0, null, null, 1.0)),
					List.of(new ChartData.Scores("Checkout", 0.93, 0.01), new ChartData.Scores("Search", 0.55, null),
							new ChartData.Scores("Billing", null, null))));
			writer.overview(OverviewFixtures.weekly());
		}
		try (InputStream in = Files.newInputStream(file)) {
			return new XSSFWorkbook(in);
		}
	}

	/** Three hourly slices; throughput rising by 10 from {@code throughput}. */
	private static ChartData.Series series(long id, String name, Double[] responseTimes, double throughput) {
		List<TrendPoint> points = new ArrayList<>();
		for (int i = 0; i < responseTimes.length; i++) {
			OffsetDateTime start = FROM.plusHours(i);
			points.add(new TrendPoint(id, name, start, start.plusHours(1), responseTimes[i], throughput + 10 * i));
		}
		return new ChartData.Series(name, points);
	}

	/** The values of a bar chart's one series. */
	private static CTNumRef onlyBars(XSSFChart chart) {
		return chart.getCTChart().getPlotArea().getBarChartArray(0).getSerArray(0).getVal().getNumRef();
	}

	private static String title(CTLineSer series) {
		return series.getTx().getStrRef().getStrCache().getPtArray(0).getV();
	}

	private static List<CTNumRef> numberReferences(XSSFChart chart) {
		List<CTNumRef> references = new ArrayList<>();
		CTPlotArea plot = chart.getCTChart().getPlotArea();
		for (CTLineChart lines : plot.getLineChartList()) {
			lines.getSerList().forEach(series -> references.add(series.getVal().getNumRef()));
		}
		for (CTBarChart bars : plot.getBarChartList()) {
			bars.getSerList().forEach(series -> references.add(series.getVal().getNumRef()));
		}
		return references;
	}

	/** The cells a series formula names, in order, null where a row has no such cell. */
	private static List<Cell> cells(XSSFWorkbook workbook, String formula) {
		AreaReference area = new AreaReference(formula, SpreadsheetVersion.EXCEL2007);
		XSSFSheet sheet = workbook.getSheet(area.getFirstCell().getSheetName());
		List<Cell> cells = new ArrayList<>();
		for (CellReference reference : area.getAllReferencedCells()) {
			Row row = sheet.getRow(reference.getRow());
			cells.add(row == null ? null : row.getCell(reference.getCol()));
		}
		return cells;
	}

	private static List<Double> cached(CTNumRef reference) {
		return reference.getNumCache().getPtList().stream().map(CTNumVal::getV).map(Double::valueOf).toList();
	}

	/**
	 * Read as text: the typed getter resolves a union schema type that poi-ooxml-lite
	 * does not ship.
	 */
	private static String val(XmlObject element) {
		try (XmlCursor cursor = element.newCursor()) {
			return cursor.getAttributeText(new QName("val"));
		}
	}

}
