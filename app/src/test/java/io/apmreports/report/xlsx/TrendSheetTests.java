package io.apmreports.report.xlsx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

import org.apache.poi.ss.usermodel.BorderStyle;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.DateUtil;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.ss.util.PaneInformation;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.range.TimeRange;
import io.apmreports.report.ReportHeader;
import io.apmreports.report.ReportSink;
import io.apmreports.staging.NamedApplication;
import io.apmreports.staging.TrendPoint;

/**
 * The Trends sheet read back with POI: a row per slice in the report's zone, two columns
 * per application under its name and id, absent values empty, printed with its headings,
 * and groups of applications on sheets of their own.
 */
class TrendSheetTests {

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	/** Midnight in Berlin, as the service answers it: in UTC. */
	private static final OffsetDateTime START = OffsetDateTime.parse("2026-11-08T23:00:00Z");

	private static final ReportHeader HEADER = new ReportHeader("Weekly performance", "weekly-performance",
			"Demo production (account 1234567)", new TimeRange(START, START.plusDays(7)), BERLIN,
			OffsetDateTime.parse("2026-11-16T06:00:00+01:00"));

	@TempDir
	Path directory;

	@Test
	void headsEachApplicationWithItsNameAndIdAcrossItsTwoColumns() throws IOException {
		// given two applications
		TrendTables.Table table = TrendTables.of(List.of(app(1001, "Checkout Service"), app(7, "Search")),
				List.of(point(1001, 0, 120.0, 900.0), point(7, 0, 40.0, 300.0)));

		// when
		try (XSSFWorkbook workbook = write(table, ReportSink.TREND_GROUP)) {

			// then the first row names them, each over its two columns, and the second
			// names the figures
			Sheet sheet = workbook.getSheet("Trends");
			assertThat(texts(sheet.getRow(0))).containsExactly("", "Checkout Service (1001)", "", "Search (7)", "");
			assertThat(sheet.getMergedRegions()).extracting(CellRangeAddress::formatAsString)
				.containsExactlyInAnyOrder("B1:C1", "D1:E1");
			assertThat(texts(sheet.getRow(1))).containsExactly("From", "Response time (ms)", "Web throughput (rpm)",
					"Response time (ms)", "Web throughput (rpm)");
			// the time's column wide enough for a date-time, each figure's narrow
			assertThat(sheet.getColumnWidth(0)).isEqualTo(17 * 256);
			assertThat(List.of(1, 2, 3, 4)).allSatisfy(
					column -> assertThat(sheet.getColumnWidth(column)).as("column %d", column).isEqualTo(10 * 256));
		}
	}

	@Test
	void writesARowPerSliceStartingAtItsWallTimeInTheReportsZone() throws IOException {
		// given three hourly slices of one application, in UTC
		TrendTables.Table table = TrendTables.of(List.of(app(1, "Checkout")),
				List.of(point(1, 0, 100.0, 10.0), point(1, 1, 110.0, 11.0), point(1, 2, 120.0, 12.0)));

		// when
		try (XSSFWorkbook workbook = write(table, ReportSink.TREND_GROUP)) {

			// then each row starts with a date-time cell at the hour as Berlin counts it
			Sheet sheet = workbook.getSheet("Trends");
			assertThat(sheet.getLastRowNum()).isEqualTo(TrendSheet.HEADING_ROWS + 2);
			for (int slice = 0; slice < 3; slice++) {
				Row row = sheet.getRow(TrendSheet.HEADING_ROWS + slice);
				Cell from = row.getCell(0);
				assertThat(from.getCellType()).isEqualTo(CellType.NUMERIC);
				assertThat(DateUtil.isCellDateFormatted(from)).isTrue();
				assertThat(from.getLocalDateTimeCellValue())
					.isEqualTo(LocalDateTime.of(2026, 11, 9, 0, 0).plusHours(slice));
				assertThat(row.getCell(1).getNumericCellValue()).isEqualTo(100.0 + 10 * slice);
				assertThat(row.getCell(2).getNumericCellValue()).isEqualTo(10.0 + slice);
			}
		}
	}

	@Test
	void leavesAbsentValuesAndMissingPointsEmpty() throws IOException {
		// given a slice without a response time, and an application without the second
		// slice
		TrendTables.Table table = TrendTables.of(List.of(app(1, "Checkout"), app(2, "Search")),
				List.of(point(1, 0, null, 10.0), point(2, 0, 40.0, 5.0), point(1, 1, 110.0, 11.0)));

		// when
		try (XSSFWorkbook workbook = write(table, ReportSink.TREND_GROUP)) {

			// then those cells are empty, never 0, an absent response time still drawing
			// the line before its application
			Sheet sheet = workbook.getSheet("Trends");
			Row first = sheet.getRow(TrendSheet.HEADING_ROWS);
			assertThat(isEmpty(first.getCell(1))).isTrue();
			assertThat(first.getCell(1).getCellStyle().getBorderLeft()).isEqualTo(BorderStyle.THIN);
			assertThat(first.getCell(2).getNumericCellValue()).isEqualTo(10.0);
			assertThat(first.getCell(3).getNumericCellValue()).isEqualTo(40.0);
			Row second = sheet.getRow(TrendSheet.HEADING_ROWS + 1);
			assertThat(second.getCell(1).getNumericCellValue()).isEqualTo(110.0);
			assertThat(isEmpty(second.getCell(3))).isTrue();
			assertThat(isEmpty(second.getCell(4))).isTrue();
		}
	}

	@Test
	void printsLandscapeOnePageWideWithBothHeadingRowsOnEveryPage() throws IOException {
		TrendTables.Table table = TrendTables.of(List.of(app(1, "Checkout")), List.of(point(1, 0, 100.0, 10.0)));

		try (XSSFWorkbook workbook = write(table, ReportSink.TREND_GROUP)) {
			Sheet sheet = workbook.getSheet("Trends");
			assertThat(sheet.getPrintSetup().getLandscape()).isTrue();
			assertThat(sheet.getPrintSetup().getFitWidth()).isEqualTo((short) 1);
			assertThat(sheet.getRepeatingRows()).isEqualTo(CellRangeAddress.valueOf("1:2"));
			PaneInformation pane = sheet.getPaneInformation();
			assertThat(pane.isFreezePane()).isTrue();
			assertThat(pane.getVerticalSplitPosition()).isEqualTo((short) 1);
			assertThat(pane.getHorizontalSplitPosition()).isEqualTo((short) TrendSheet.HEADING_ROWS);
		}
	}

	@Test
	void aGroupBeyondTheFirstGoesOnASheetOfItsOwnAfterTheFirst() throws IOException {
		// given five applications and sheets of two
		List<NamedApplication> applications = List.of(app(1, "A"), app(2, "B"), app(3, "C"), app(4, "D"), app(5, "E"));
		List<TrendPoint> points = new ArrayList<>();
		for (NamedApplication application : applications) {
			points.add(point(application.id(), 0, 10.0 * application.id(), application.id() + 0.5));
		}

		// when
		try (XSSFWorkbook workbook = write(TrendTables.of(applications, points), 2)) {

			// then they fill Trends, Trends (2) and Trends (3), in that order, each with
			// its headings, print setup and its applications' figures
			List<String> names = new ArrayList<>();
			workbook.forEach(sheet -> names.add(sheet.getSheetName()));
			assertThat(names).containsExactly("Trends", "Trends (2)", "Trends (3)", "Usage");
			assertThat(texts(workbook.getSheet("Trends").getRow(0))).containsExactly("", "A (1)", "", "B (2)", "");
			Sheet second = workbook.getSheet("Trends (2)");
			assertThat(texts(second.getRow(0))).containsExactly("", "C (3)", "", "D (4)", "");
			assertThat(second.getRow(TrendSheet.HEADING_ROWS).getCell(3).getNumericCellValue()).isEqualTo(40.0);
			assertThat(second.getRepeatingRows()).isEqualTo(CellRangeAddress.valueOf("1:2"));
			Sheet third = workbook.getSheet("Trends (3)");
			assertThat(texts(third.getRow(0))).containsExactly("", "E (5)", "");
			assertThat(third.getRow(TrendSheet.HEADING_ROWS).getCell(2).getNumericCellValue()).isEqualTo(5.5);
			assertThat(third.getRow(TrendSheet.HEADING_ROWS).getCell(0).getLocalDateTimeCellValue())
				.isEqualTo(LocalDateTime.of(2026, 11, 9, 0, 0));
		}
	}

	@Test
	void withoutAnySeriesTheSheetKeepsItsHeadings() throws IOException {
		try (XSSFWorkbook workbook = write(TrendTables.of(List.of(), List.of()), ReportSink.TREND_GROUP)) {
			Sheet sheet = workbook.getSheet("Trends");
			assertThat(sheet.getRow(1).getCell(0).getStringCellValue()).isEqualTo("From");
			assertThat(sheet.getLastRowNum()).isEqualTo(TrendSheet.HEADING_ROWS - 1);
		}
	}

	/** Writes the table with a sheet after it, as the workbook has Usage. */
	private XSSFWorkbook write(TrendTables.Table table, int groupSize) throws IOException {
		Path file = directory.resolve("trends.xlsx");
		try (SXSSFWorkbook workbook = new SXSSFWorkbook(10)) {
			TrendSheet sheet = new TrendSheet(workbook, new WorkbookStyles(workbook), HEADER);
			workbook.createSheet("Usage");
			table.groups(groupSize, sheet::group);
			sheet.finish();
			try (OutputStream out = Files.newOutputStream(file)) {
				workbook.write(out);
			}
		}
		try (InputStream in = Files.newInputStream(file)) {
			return new XSSFWorkbook(in);
		}
	}

	private static NamedApplication app(long id, String name) {
		return new NamedApplication(id, name);
	}

	private static TrendPoint point(long id, int slice, Double responseTime, Double throughput) {
		OffsetDateTime from = START.plusHours(slice);
		return new TrendPoint(id, null, from, from.plusHours(1), responseTime, throughput);
	}

	private static List<String> texts(Row row) {
		List<String> texts = new ArrayList<>();
		for (int i = 0; i < row.getLastCellNum(); i++) {
			Cell cell = row.getCell(i);
			texts.add(cell == null ? "" : cell.getStringCellValue());
		}
		return texts;
	}

	private static boolean isEmpty(Cell cell) {
		return cell == null || cell.getCellType() == CellType.BLANK;
	}

}
