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
import org.apache.poi.ss.usermodel.DataFormatter;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFCellStyle;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.definition.Section;
import io.apmreports.range.TimeRange;
import io.apmreports.report.ReportHeader;
import io.apmreports.report.ServiceLevelFixtures;
import io.apmreports.report.ServiceLevelReport;

class ServiceLevelSheetsTests {

	static final ReportHeader HEADER = new ReportHeader("Monthly service levels", "monthly-service-levels",
			"production (account 1234567) and staging (account 7654321)",
			new TimeRange(OffsetDateTime.parse("2026-10-01T00:00:00Z"), OffsetDateTime.parse("2026-11-01T00:00:00Z")),
			ZoneId.of("UTC"), OffsetDateTime.parse("2026-11-01T06:00:00Z"));

	@TempDir
	Path directory;

	/** A workbook of the service levels alone, its Overview the headline's. */
	static void write(Path file, ServiceLevelReport report) throws Exception {
		try (XlsxReportWriter writer = new XlsxReportWriter(file, HEADER, EnumSet.of(Section.SERVICE_LEVELS), "team",
				true)) {
			writer.serviceLevels(report);
			writer.overview(ServiceLevelFixtures.overview(report));
		}
	}

	private static String shown(Cell cell) {
		return cell == null ? "" : new DataFormatter().formatCellValue(cell);
	}

	@Test
	void theSheetsFollowTheOverviewAndTheAboutSaysTheFormulas() throws Exception {
		Path file = directory.resolve("report.xlsx");
		write(file, ServiceLevelFixtures.october());

		try (XSSFWorkbook workbook = new XSSFWorkbook(file.toFile())) {
			List<String> names = new ArrayList<>();
			workbook.forEach(sheet -> names.add(sheet.getSheetName()));
			assertThat(names).containsExactly("Overview", "Service levels", "SLO months", "SLA", "About");
			assertThat(workbook.getSheet("About").getRow(2).getCell(0).getStringCellValue())
				.startsWith("budget consumed = (100 - attainment) / (100 - target)");
		}
	}

	@Test
	void theOverviewSaysTheWorstBudgetFirstAndNoApplicationsFigures() throws Exception {
		Path file = directory.resolve("report.xlsx");
		write(file, ServiceLevelFixtures.october());

		try (XSSFWorkbook workbook = new XSSFWorkbook(file.toFile())) {
			List<String> text = new ArrayList<>();
			workbook.getSheet("Overview").forEach(row -> row.forEach(cell -> text.add(shown(cell))));
			int heading = text.indexOf("Service levels in October 2026");
			assertThat(text.subList(heading, heading + 3)).containsExactly("Service levels in October 2026", "red",
					"Checkout availability (Checkout Service) spent 140 % of its error budget in October 2026: "
							+ "99.86 % against 99.9 %");
			assertThat(text).doesNotContain("The busiest applications", "Failed");
		}
	}

	@Test
	void theLevelsSheetHasTheMonthsFiguresAndTheBudgetInItsColour() throws Exception {
		Path file = directory.resolve("report.xlsx");
		write(file, ServiceLevelFixtures.october());

		try (XSSFWorkbook workbook = new XSSFWorkbook(file.toFile())) {
			Sheet levels = workbook.getSheet("Service levels");
			assertThat(shown(levels.getRow(0).getCell(7))).isEqualTo("Attainment Oct 2026");
			Row checkout = levels.getRow(1);
			assertThat(shown(checkout.getCell(3))).isEqualTo("Checkout availability");
			assertThat(checkout.getCell(7).getNumericCellValue()).isCloseTo(0.9986, within(1e-9));
			assertThat(shown(checkout.getCell(7))).isEqualTo("99.86%");
			assertThat(checkout.getCell(10).getNumericCellValue()).isCloseTo(1.4, within(1e-9));
			assertThat(shown(checkout.getCell(11))).isEqualTo("-40%");
			assertThat(shown(checkout.getCell(12))).isEqualTo("spent: 140 % used");
			assertThat(fill(checkout.getCell(11))).isEqualTo("FFC7CE");
			Row login = levels.getRow(3);
			assertThat(shown(login.getCell(0))).isEqualTo("(no team tag)");
			// a partial month stays a number, marked in its format
			assertThat(shown(login.getCell(7))).isEqualTo("99.20% (partial)");
			assertThat(fill(login.getCell(11))).isEqualTo("FFEB9C");
		}
	}

	@Test
	void theMonthsSheetSaysBeforeTheSliExistedAndNeverZero() throws Exception {
		Path file = directory.resolve("report.xlsx");
		write(file, ServiceLevelFixtures.october());

		try (XSSFWorkbook workbook = new XSSFWorkbook(file.toFile())) {
			Sheet months = workbook.getSheet("SLO months");
			assertThat(shown(months.getRow(0).getCell(3))).isEqualTo("Nov 2025");
			assertThat(shown(months.getRow(0).getCell(14))).isEqualTo("Oct 2026");
			Row search = months.getRow(2);
			// November 2025 to May 2026 before it, June partial
			assertThat(shown(search.getCell(3))).isEqualTo("before the SLI existed");
			assertThat(shown(search.getCell(9))).isEqualTo("before the SLI existed");
			assertThat(shown(search.getCell(10))).isEqualTo("99.90% (p)");
			// 99.995 to two places would be 100.00%
			assertThat(shown(months.getRow(1).getCell(3))).isEqualTo("99.995%");
			// the budget block under it: Search's October 80 % left, green
			Row budget = months.getRow(7);
			assertThat(shown(budget.getCell(1))).isEqualTo("Search API latency");
			assertThat(shown(budget.getCell(14))).isEqualTo("80%");
			assertThat(fill(budget.getCell(14))).isEqualTo("C6EFCE");
		}
	}

	@Test
	void theSlaSheetHasEveryMonthAndLeavesAbsentFiguresEmpty() throws Exception {
		Path file = directory.resolve("report.xlsx");
		write(file, ServiceLevelFixtures.october());

		try (XSSFWorkbook workbook = new XSSFWorkbook(file.toFile())) {
			Sheet sla = workbook.getSheet("SLA");
			assertThat(sla.getLastRowNum()).isEqualTo(12);
			Row september = sla.getRow(11);
			assertThat(shown(september.getCell(4))).isEqualTo("2026-09");
			assertThat(september.getCell(6)).isNull();
			assertThat(shown(september.getCell(11))).isEqualTo("from NRQL");
			assertThat(sla.getRow(12).getCell(6).getNumericCellValue()).isEqualTo(0.93);
		}
	}

	@Test
	void throughRestTheLevelsSheetSaysServiceLevelsNeedNrql() throws Exception {
		Path file = directory.resolve("report.xlsx");
		write(file, ServiceLevelFixtures.rest());

		try (XSSFWorkbook workbook = new XSSFWorkbook(file.toFile())) {
			assertThat(shown(workbook.getSheet("Service levels").getRow(2).getCell(0)))
				.startsWith("Service levels need NRQL over NerdGraph");
			assertThat(workbook.getSheet("SLA").getLastRowNum()).isEqualTo(12);
		}
	}

	private static String fill(Cell cell) {
		return ((XSSFCellStyle) cell.getCellStyle()).getFillForegroundColorColor().getARGBHex().substring(2);
	}

}
