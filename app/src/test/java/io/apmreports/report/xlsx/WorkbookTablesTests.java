package io.apmreports.report.xlsx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.ConditionalFormatting;
import org.apache.poi.ss.usermodel.DateUtil;
import org.apache.poi.ss.usermodel.HorizontalAlignment;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.definition.Section;
import io.apmreports.formula.FigureColumn;
import io.apmreports.formula.Figures;
import io.apmreports.range.TimeRange;
import io.apmreports.report.ChartData;
import io.apmreports.report.ReportHeader;
import io.apmreports.staging.AboutRow;
import io.apmreports.staging.ComparisonRow;
import io.apmreports.staging.HostRow;
import io.apmreports.staging.KeyTransactionRow;
import io.apmreports.staging.SummaryRow;
import io.apmreports.staging.UsageRow;
import io.apmreports.testing.OverviewFixtures;

/**
 * The workbook's tables as a person reads and prints them, read back with POI: titles in
 * words, formats, Yes/No, names beside ids, date-times in the report's zone, the usage
 * total, and the print setup of every table sheet.
 */
class WorkbookTablesTests {

	private static final String LINK = "https://one.newrelic.com/redirect/entity/MTAwMQ";

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	/** Midnight in Berlin, as the service answers it: in UTC. */
	private static final OffsetDateTime FROM = OffsetDateTime.parse("2026-11-08T23:00:00Z");

	private static final OffsetDateTime TO = OffsetDateTime.parse("2026-11-15T23:00:00Z");

	private static final OffsetDateTime TAKEN_AT = OffsetDateTime.parse("2026-11-16T05:30:00Z");

	private static final String DETAIL = "no web or non-web calls in the range, and none in the hour before it either, "
			+ "so its figures are empty rather than zero";

	private static final List<String> TABLES = List.of("Summary", "Breakdown", "Hosts", "Key transactions",
			"Comparison", "Usage");

	private static final List<UsageRow> USAGE = List.of(
			new UsageRow(1L, null, 1001, "Checkout", "java", 36_361_740.0, 813.5, 6, 7, "range", 0.6, "ok"),
			new UsageRow(1L, null, 1002, "Search", "go", 24_241_160.0, 542.3, 2, 2, "range", 0.4, "ok"),
			new UsageRow(1L, null, 1003, "Retired", "java", null, null, 0, 0, "range", null, "no_data"));

	@TempDir
	Path directory;

	private XSSFWorkbook workbook;

	@BeforeEach
	void write() throws IOException {
		Path file = directory.resolve("report.xlsx");
		ReportHeader header = new ReportHeader("Weekly & more", "weekly-performance",
				"Demo production (account 1234567)", new TimeRange(FROM, TO), BERLIN,
				OffsetDateTime.parse("2026-11-16T06:00:00+01:00"));
		try (XlsxReportWriter writer = new XlsxReportWriter(file, header, EnumSet.allOf(Section.class))) {
			writer.summary(new SummaryRow(1001, "Checkout", "java", "green", true, 6, 7, FROM, TO, figures(1234567.25),
					0.93, 0.0125, "ok", null, LINK, 1234567L));
			writer.summary(new SummaryRow(1011, "Retired", "java", "gray", false, 0, 0, FROM, TO, figures(null), null,
					null, "no_data", DETAIL));
			writer.host(new HostRow(1001, "Checkout", 100101L, "web-1", figures(600.0), "ok", null));
			writer.keyTransaction(new KeyTransactionRow(501, "Pay", 1001, "Checkout", "WebTransaction/pay", 210.0, 30.0,
					0.01, 0.5, 0.9, TAKEN_AT));
			writer.comparison(new ComparisonRow(1001, "Checkout", "throughput_rpm", 100.0, 100.0, 0.0, 0.0));
			writer.comparison(new ComparisonRow(1001, "Checkout", "response_time_ms", 120.0, 80.0, 40.0, 50.0));
			writer.comparison(new ComparisonRow(1001, "Checkout", "error_rate", 0.02, 0.01, 0.01, 100.0));
			writer.comparison(new ComparisonRow(1001, "Checkout", "apdex_score", 0.9, 0.95, -0.05, -5.26));
			writer.comparison(new ComparisonRow(1001, "Checkout", "cache_ms", null, null, null, null));
			USAGE.forEach(writer::usage);
			writer.about(new AboutRow(1001, "Checkout", "DATASTORE", "WEB_TRANSACTION_TOTAL_TIME", DETAIL));
			writer.charts(new ChartData(List.of(), List.of(), List.of()));
			writer.overview(OverviewFixtures.weekly());
		}
		try (InputStream in = Files.newInputStream(file)) {
			workbook = new XSSFWorkbook(in);
		}
	}

	@AfterEach
	void close() throws IOException {
		workbook.close();
	}

	@Test
	void everyTableSheetPrintsLandscapeAtAReadableSizeWithItsHeaderOnEachPage() {
		List<String> sheets = new ArrayList<>(TABLES);
		sheets.add("About");
		for (String name : sheets) {
			XSSFSheet sheet = workbook.getSheet(name);
			assertThat(sheet.getPrintSetup().getLandscape()).as(name).isTrue();
			// one page wide where that prints at full size; else at 72%, 7.2 points,
			// side by side pages repeating the id and name
			if (sheet.getFitToPage()) {
				assertThat(sheet.getPrintSetup().getFitWidth()).as(name).isEqualTo((short) 1);
				assertThat(sheet.getPrintSetup().getFitHeight()).as(name).isZero();
			}
			else {
				assertThat(sheet.getPrintSetup().getScale()).as(name).isEqualTo((short) 72);
				assertThat(sheet.getRepeatingColumns()).as(name).isEqualTo(CellRangeAddress.valueOf("A:B"));
			}
			// an & in the title is doubled, or it would start a header code
			assertThat(sheet.getHeader().getLeft()).as(name).isEqualTo("&12&BWeekly && more");
			assertThat(sheet.getHeader().getRight()).as(name).contains("Europe/Berlin");
			assertThat(sheet.getFooter().getLeft()).as(name).isEqualTo("&12" + name);
			assertThat(sheet.getFooter().getRight()).as(name).isEqualTo("&12Page &P of &N");
		}
		for (String name : TABLES) {
			assertThat(workbook.getSheet(name).getRepeatingRows()).as(name).isEqualTo(CellRangeAddress.valueOf("1:1"));
		}
		// the Summary's 24 columns fit no page at full size
		assertThat(workbook.getSheet("Summary").getFitToPage()).isFalse();
		// the formulas above About's table are not repeated on every page
		assertThat(workbook.getSheet("About").getRepeatingRows()).isNull();
	}

	@Test
	void headersAreInWordsWithTheirUnitsBoldAndWrapped() {
		List<String> expected = new ArrayList<>(List.of("Application ID", "Application", "Language", "Health",
				"Reporting", "Hosts", "Instances", "From", "To"));
		for (FigureColumn figure : FigureColumn.values()) {
			expected.add(figure.title());
		}
		expected.addAll(List.of("Apdex score", "Error rate", "Status", "Why", "Account"));

		assertThat(texts(workbook.getSheet("Summary").getRow(0))).containsExactlyElementsOf(expected);
		assertThat(texts(workbook.getSheet("Hosts").getRow(0))).startsWith("Application ID", "Application", "Host ID",
				"Host", "Web throughput (rpm)");
		assertThat(texts(workbook.getSheet("Usage").getRow(0))).containsExactly("Application ID", "Application",
				"Language", "Calls", "Throughput, web and non-web (rpm)", "Hosts", "Instances", "Share of calls",
				"Status", "Hosts counted over", "Account");
		assertThat(texts(workbook.getSheet("Key transactions").getRow(0))).endsWith("Apdex score", "Summary taken at");
		assertThat(workbook.getSheet("About").getRow(AboutSheet.FORMULAS.size()).getCell(0).getStringCellValue())
			.isEqualTo("Read from Demo production (account 1234567).");
		Row aboutHeader = workbook.getSheet("About").getRow(AboutSheet.FORMULAS.size() + 2);
		assertThat(texts(aboutHeader)).containsExactly("Application ID", "Application", "Database formula",
				"Web time source", "Dropped terms");
		Cell title = workbook.getSheet("Summary").getRow(0).getCell(0);
		assertThat(workbook.getFontAt(title.getCellStyle().getFontIndex()).getBold()).isTrue();
		assertThat(title.getCellStyle().getWrapText()).isTrue();
	}

	@Test
	void numbersAreGroupedAndRightAlignedTextsLeftAlignedAndIdsUngrouped() {
		Row checkout = workbook.getSheet("Summary").getRow(1);

		Cell id = checkout.getCell(column("Summary", "Application ID"));
		Cell throughput = checkout.getCell(column("Summary", "Web throughput (rpm)"));
		Cell errorRate = checkout.getCell(column("Summary", "Error rate"));
		Cell apdex = checkout.getCell(column("Summary", "Apdex score"));
		Cell hosts = checkout.getCell(column("Summary", "Hosts"));
		Cell name = checkout.getCell(column("Summary", "Application"));

		assertThat(id.getNumericCellValue()).isEqualTo(1001);
		assertThat(id.getCellStyle().getDataFormatString()).isEqualTo("0");
		assertThat(throughput.getNumericCellValue()).isEqualTo(1234567.25);
		assertThat(throughput.getCellStyle().getDataFormatString()).isEqualTo("#,##0.0");
		assertThat(throughput.getCellStyle().getAlignment()).isEqualTo(HorizontalAlignment.RIGHT);
		assertThat(errorRate.getNumericCellValue()).isEqualTo(0.0125);
		assertThat(errorRate.getCellStyle().getDataFormatString()).isEqualTo("0.00%");
		assertThat(apdex.getCellStyle().getDataFormatString()).isEqualTo("0.00");
		assertThat(hosts.getCellStyle().getDataFormatString()).isEqualTo("#,##0");
		assertThat(name.getCellStyle().getAlignment()).isEqualTo(HorizontalAlignment.LEFT);
	}

	@Test
	void anApplicationsNameLinksToItsPageOnTheSummaryAndIsStillText() {
		for (String sheet : List.of("Summary")) {
			Cell checkout = workbook.getSheet(sheet).getRow(1).getCell(column(sheet, "Application"));
			Cell retired = workbook.getSheet(sheet).getRow(2).getCell(column(sheet, "Application"));

			assertThat(checkout.getHyperlink().getAddress()).as(sheet).isEqualTo(LINK);
			assertThat(checkout.getCellType()).as(sheet).isEqualTo(CellType.STRING);
			assertThat(checkout.getStringCellValue()).as(sheet).isEqualTo("Checkout");
			assertThat(retired.getHyperlink()).as(sheet).isNull();
		}
	}

	@Test
	void flagsReadYesOrNo() {
		Sheet summary = workbook.getSheet("Summary");
		int reporting = column("Summary", "Reporting");

		assertThat(summary.getRow(1).getCell(reporting).getStringCellValue()).isEqualTo("Yes");
		assertThat(summary.getRow(2).getCell(reporting).getStringCellValue()).isEqualTo("No");
	}

	@Test
	void timesAreDateTimeCellsAtTheReportsWallTime() {
		Cell from = workbook.getSheet("Summary").getRow(1).getCell(column("Summary", "From"));
		Cell taken = workbook.getSheet("Key transactions")
			.getRow(1)
			.getCell(column("Key transactions", "Summary taken at"));

		assertThat(from.getCellType()).isEqualTo(CellType.NUMERIC);
		assertThat(DateUtil.isCellDateFormatted(from)).isTrue();
		assertThat(from.getLocalDateTimeCellValue()).isEqualTo(LocalDateTime.parse("2026-11-09T00:00"));
		assertThat(taken.getCellType()).isEqualTo(CellType.NUMERIC);
		assertThat(taken.getLocalDateTimeCellValue()).isEqualTo(TAKEN_AT.atZoneSameInstant(BERLIN).toLocalDateTime());
	}

	@Test
	void theComparisonNamesApplicationAndFigureAndWritesEachInItsOwnFormat() {
		Sheet comparison = workbook.getSheet("Comparison");

		// the row of nothing (cache, absent in both periods) is left out
		assertThat(comparison.getLastRowNum()).isEqualTo(4);
		assertThat(texts(comparison.getRow(0))).containsExactly("Application ID", "Application", "Figure", "Current",
				"Previous", "12-period median", "Change", "Change %", "Regression");
		Row time = comparison.getRow(2);
		Row errors = comparison.getRow(3);
		Row apdex = comparison.getRow(4);
		// the Overview's rule, at 100 rpm: +40 ms (+50%) and +1 pp of errors are
		// regressions, Apdex -5.3% is not
		assertThat(time.getCell(8).getStringCellValue()).isEqualTo("regression");
		assertThat(errors.getCell(8).getStringCellValue()).isEqualTo("regression");
		assertThat(apdex.getCell(8)).isNull();
		assertThat(time.getCell(1).getStringCellValue()).isEqualTo("Checkout");
		assertThat(time.getCell(2).getStringCellValue()).isEqualTo("Response time (ms)");
		assertThat(errors.getCell(2).getStringCellValue()).isEqualTo("Error rate");
		assertThat(apdex.getCell(2).getStringCellValue()).isEqualTo("Apdex score");
		// the median is empty here: no history was kept
		assertThat(time.getCell(5)).isNull();
		for (int value : new int[] { 3, 4, 6 }) {
			assertThat(time.getCell(value).getCellStyle().getDataFormatString()).isEqualTo("#,##0.0");
			assertThat(apdex.getCell(value).getCellStyle().getDataFormatString()).isEqualTo("0.00");
		}
		assertThat(errors.getCell(3).getCellStyle().getDataFormatString()).isEqualTo("0.00%");
		assertThat(errors.getCell(4).getCellStyle().getDataFormatString()).isEqualTo("0.00%");
		// a rate's change in percentage points, and no percent of a percentage
		assertThat(errors.getCell(6).getNumericCellValue()).isEqualTo(1.0);
		assertThat(errors.getCell(6).getCellStyle().getDataFormatString())
			.isEqualTo("+0.00\" pp\";-0.00\" pp\";0.00\" pp\"");
		assertThat(errors.getCell(7)).isNull();
		// a change in percent is a fraction in a percent format: 50 percent is 0.5
		assertThat(time.getCell(7).getNumericCellValue()).isEqualTo(50.0 / 100);
		assertThat(time.getCell(7).getCellStyle().getDataFormatString()).isEqualTo("+0.0%;-0.0%;0.0%");
		assertThat(apdex.getCell(7).getNumericCellValue()).isEqualTo(-5.26 / 100);
		// a regression's row is marked by its Regression column, whatever a reader sorts
		ConditionalFormatting regression = comparison.getSheetConditionalFormatting().getConditionalFormattingAt(0);
		assertThat(regression.getRule(0).getFormula1()).isEqualTo("$I2=\"regression\"");
		assertThat(regression.getFormattingRanges()[0].formatAsString()).isEqualTo("A2:I5");
	}

	@Test
	void usageEndsWithABoldTotalOutsideTheFilter() {
		XSSFSheet usage = workbook.getSheet("Usage");
		Row total = usage.getRow(USAGE.size() + 1);

		assertThat(usage.getLastRowNum()).isEqualTo(USAGE.size() + 1);
		assertThat(total.getCell(column("Usage", "Application")).getStringCellValue()).isEqualTo("Total");
		assertThat(total.getCell(column("Usage", "Application ID"))).isNull();
		assertThat(total.getCell(column("Usage", "Calls")).getNumericCellValue())
			.isEqualTo(36_361_740.0 + 24_241_160.0);
		assertThat(total.getCell(column("Usage", "Throughput, web and non-web (rpm)")).getNumericCellValue())
			.isEqualTo(813.5 + 542.3);
		// a host may serve several applications: no sum that would count it twice
		assertThat(total.getCell(column("Usage", "Hosts"))).isNull();
		assertThat(total.getCell(column("Usage", "Instances")).getNumericCellValue()).isEqualTo(9);
		Cell share = total.getCell(column("Usage", "Share of calls"));
		assertThat(share.getNumericCellValue()).isEqualTo(1.0);
		assertThat(share.getCellStyle().getDataFormatString()).isEqualTo("0.00%");
		assertThat(workbook.getFontAt(share.getCellStyle().getFontIndex()).getBold()).isTrue();
		assertThat(usage.getCTWorksheet().getAutoFilter().getRef()).isEqualTo("A1:K" + (USAGE.size() + 1));
	}

	@Test
	void aLongTextWrapsInAColumnOfBoundedWidthOnATallerRow() {
		Sheet summary = workbook.getSheet("Summary");
		int why = column("Summary", "Why");
		Cell detail = summary.getRow(2).getCell(why);

		assertThat(detail.getStringCellValue()).isEqualTo(DETAIL);
		assertThat(detail.getCellStyle().getWrapText()).isTrue();
		assertThat(summary.getColumnWidth(why)).isEqualTo(SheetTable.WIDEST_TEXT * 256);
		assertThat(summary.getRow(2).getHeightInPoints()).isGreaterThan(summary.getRow(1).getHeightInPoints());
		// a column is at least as wide as its widest number, in characters
		assertThat(summary.getColumnWidth(column("Summary", "Web throughput (rpm)")))
			.isGreaterThanOrEqualTo("1,234,567.3".length() * 256);
	}

	private int column(String sheet, String title) {
		return texts(workbook.getSheet(sheet).getRow(0)).indexOf(title);
	}

	private static List<String> texts(Row row) {
		List<String> texts = new ArrayList<>();
		row.forEach(cell -> texts.add(cell.getStringCellValue()));
		return texts;
	}

	private static Figures figures(Double throughput) {
		Map<FigureColumn, Double> values = new EnumMap<>(FigureColumn.class);
		values.put(FigureColumn.THROUGHPUT_RPM, throughput);
		values.put(FigureColumn.RESPONSE_TIME_MS, throughput == null ? null : 110.0);
		return new Figures(values);
	}

}
