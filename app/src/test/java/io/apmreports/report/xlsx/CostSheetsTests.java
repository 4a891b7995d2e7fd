package io.apmreports.report.xlsx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.definition.Section;
import io.apmreports.range.TimeRange;
import io.apmreports.report.CostFixtures;
import io.apmreports.report.CostReport;
import io.apmreports.report.Overview;
import io.apmreports.report.ReportHeader;

class CostSheetsTests {

	static final ReportHeader HEADER = new ReportHeader("Monthly cost", "monthly-cost",
			"production (account 1234567) and staging (account 7654321)",
			new TimeRange(OffsetDateTime.parse("2026-10-01T00:00:00Z"), OffsetDateTime.parse("2026-11-01T00:00:00Z")),
			ZoneId.of("UTC"), OffsetDateTime.parse("2026-11-02T06:00:00Z"));

	@TempDir
	Path directory;

	/** A workbook of the cost section alone, its Overview the cost headline's. */
	static void write(Path file, CostReport report) throws Exception {
		try (XlsxReportWriter writer = new XlsxReportWriter(file, HEADER, EnumSet.of(Section.COST), "team", true)) {
			writer.cost(report);
			writer.overview(new Overview(0, 0, 0, List.of(), List.of(), List.of(), List.of(), List.of())
				.withCost(report.headline()));
		}
	}

	@Test
	void theCostSheetsFollowTheOverview() throws Exception {
		Path file = directory.resolve("cost.xlsx");
		write(file, CostFixtures.priced());

		try (XSSFWorkbook workbook = new XSSFWorkbook(file.toFile())) {
			List<String> names = new ArrayList<>();
			workbook.forEach(sheet -> names.add(sheet.getSheetName()));
			assertThat(names).startsWith("Overview", "Cost by team", "Cost by account", "Months");
		}
	}

	@Test
	void theAboutSheetOfTheCostAloneSaysHowTheBillIsSplitAndHasNoApplicationTable() throws Exception {
		// given a workbook of the cost section alone, which reads no application's
		// metrics
		Path file = directory.resolve("cost.xlsx");
		write(file, CostFixtures.priced());

		try (XSSFWorkbook workbook = new XSSFWorkbook(file.toFile())) {
			Sheet about = workbook.getSheet("About");
			List<String> lines = new ArrayList<>();
			about.forEach(row -> row.forEach(cell -> lines.add(cell.getStringCellValue())));

			// then it tells the split, not the performance formulas, and ends with the
			// account read
			assertThat(String.join("\n", lines)).contains("bytecountestimate()", "unallocated = own GB")
				.doesNotContain("HttpDispatcher", "Database formula", "Application ID");
			assertThat(lines).last().isEqualTo("Read from " + HEADER.account() + ".");
		}
	}

	@Test
	void theTeamSheetHasEachLineSubtotalAndTheBillInItsCostColumn() throws Exception {
		Path file = directory.resolve("cost.xlsx");
		write(file, CostFixtures.priced());

		try (XSSFWorkbook workbook = new XSSFWorkbook(file.toFile())) {
			Sheet sheet = workbook.getSheet("Cost by team");
			assertThat(sheet.getRow(0).getCell(8).getStringCellValue()).isEqualTo("Cost (USD)");
			// production's checkout: 150 GB x 0.30 = 45, 150 / 420.5 of the month
			Row first = sheet.getRow(1);
			assertThat(first.getCell(0).getStringCellValue()).isEqualTo("checkout");
			assertThat(first.getCell(4).getNumericCellValue()).isEqualTo(150.0);
			assertThat(first.getCell(6).getNumericCellValue()).isCloseTo(150 / 420.5, within(1e-12));
			// its estimate of the month beside it, as staged (x 31/21 already)
			assertThat(sheet.getRow(0).getCell(7).getStringCellValue()).isEqualTo("Month's estimate (GB)");
			assertThat(first.getCell(7).getNumericCellValue()).isEqualTo(140.0);
			assertThat(first.getCell(8).getNumericCellValue()).isCloseTo(45.0, within(1e-9));
			// checkout's subtotal, bold: 230 GB, 69
			Row subtotal = sheet.getRow(3);
			assertThat(subtotal.getCell(3).getStringCellValue()).isEqualTo("Total of checkout");
			assertThat(subtotal.getCell(8).getNumericCellValue()).isCloseTo(69.0, within(1e-9));
			assertThat(workbook.getFontAt(subtotal.getCell(8).getCellStyle().getFontIndex()).getBold()).isTrue();
			// the last row is the bill: 320 GB billable, 1,341 in all
			Row total = sheet.getRow(sheet.getLastRowNum());
			assertThat(total.getCell(3).getStringCellValue()).isEqualTo("Total");
			assertThat(total.getCell(4).getNumericCellValue()).isEqualTo(320.0);
			assertThat(total.getCell(8).getNumericCellValue()).isCloseTo(1341.0, within(1e-9));
		}
	}

	@Test
	void withoutPricesNoSheetHasACostColumn() throws Exception {
		Path file = directory.resolve("cost.xlsx");
		write(file, CostFixtures.unpriced());

		try (XSSFWorkbook workbook = new XSSFWorkbook(file.toFile())) {
			assertThat(headings(workbook.getSheet("Cost by team"))).noneMatch(title -> title.startsWith("Cost"))
				.hasSize(8);
			assertThat(headings(workbook.getSheet("Cost by account"))).noneMatch(title -> title.startsWith("Cost"))
				.hasSize(6);
		}
	}

	@Test
	void theMonthsSheetLeavesAMonthNotKnownEmpty() throws Exception {
		Path file = directory.resolve("cost.xlsx");
		write(file, CostFixtures.priced());

		try (XSSFWorkbook workbook = new XSSFWorkbook(file.toFile())) {
			Sheet sheet = workbook.getSheet("Months");
			// columns: team, 2025-11 ... 2026-10, the change; checkout's August (by
			// account only) is empty, September 217.6, October 230, +12.4
			Row checkout = sheet.getRow(1);
			assertThat(sheet.getRow(0).getCell(11).getStringCellValue()).isEqualTo("2026-09 (GB)");
			assertThat(checkout.getCell(0).getStringCellValue()).isEqualTo("checkout");
			assertThat(checkout.getCell(10)).isNull();
			assertThat(checkout.getCell(11).getNumericCellValue()).isCloseTo(217.6, within(1e-9));
			assertThat(checkout.getCell(12).getNumericCellValue()).isEqualTo(230.0);
			assertThat(checkout.getCell(13).getNumericCellValue()).isCloseTo(12.4, within(1e-9));
		}
	}

	@Test
	void theOverviewShowsTheBillTheMeasuredDaysAndTheMovers() throws Exception {
		Path file = directory.resolve("cost.xlsx");
		write(file, CostFixtures.priced());

		try (XSSFWorkbook workbook = new XSSFWorkbook(file.toFile())) {
			List<String> texts = new ArrayList<>();
			for (Row row : workbook.getSheet("Overview")) {
				Cell cell = row.getCell(0);
				if (cell != null) {
					texts.add(cell.getStringCellValue());
				}
			}
			assertThat(texts).contains("The bill of October 2026", "Ingest", "Billable ingest", "Full-platform users",
					"Core compute units",
					"staging: measured 21 of 31 days, the estimates extrapolated x 31/21; shares of those days applied to the whole month.",
					"checkout rose 12.4 GB (+$3.72) to 230.0 GB, the largest rise")
				// a report of cost alone shows no applications' figures
				.doesNotContain("The busiest applications", "Failed");
		}
	}

	private static List<String> headings(Sheet sheet) {
		List<String> titles = new ArrayList<>();
		sheet.getRow(0).forEach(cell -> titles.add(cell.getStringCellValue()));
		return titles;
	}

}
