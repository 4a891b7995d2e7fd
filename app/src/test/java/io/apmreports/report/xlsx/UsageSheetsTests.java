package io.apmreports.report.xlsx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.definition.Section;
import io.apmreports.range.TimeRange;
import io.apmreports.report.ReportHeader;
import io.apmreports.staging.UsageRow;

class UsageSheetsTests {

	private static final ReportHeader HEADER = new ReportHeader("Monthly usage", "monthly-usage",
			"Production (account 1) and Staging (account 2)",
			new TimeRange(OffsetDateTime.parse("2026-10-01T00:00:00+02:00"),
					OffsetDateTime.parse("2026-11-01T00:00:00+01:00")),
			ZoneId.of("Europe/Berlin"), OffsetDateTime.parse("2026-11-02T06:00:00+01:00"));

	@TempDir
	Path directory;

	@Test
	void severalAccountsTeamsHaveEachAccountsTotalUnderThemAndSharesOfAllCalls() throws Exception {
		// given the checkout team in two accounts, and an application without the tag;
		// shares of all the report's 1,000 calls
		Path file = directory.resolve("usage.xlsx");
		try (XlsxReportWriter writer = new XlsxReportWriter(file, HEADER, EnumSet.of(Section.USAGE), "team", true)) {
			writer.usage(row(1L, "checkout", 11, 500.0));
			writer.usage(row(1L, null, 12, 100.0));
			writer.usage(row(2L, "checkout", 21, 400.0));
		}

		// when the Usage by team sheet is read
		try (XSSFWorkbook workbook = new XSSFWorkbook(file.toFile())) {
			Sheet sheet = workbook.getSheet("Usage by team");
			List<String> rows = new ArrayList<>();
			for (Row row : sheet) {
				if (row.getRowNum() > 0) {
					rows.add((row.getCell(0) == null ? "" : (long) row.getCell(0).getNumericCellValue()) + "/"
							+ row.getCell(1).getStringCellValue() + "/" + (long) row.getCell(3).getNumericCellValue()
							+ "/" + Math.round(row.getCell(6).getNumericCellValue() * 100));
				}
			}

			// then each account's groups, each account's total, then the grand total of
			// 100%
			assertThat(rows).containsExactly("1/checkout/500/50", "1/(no team tag)/100/10", "2/checkout/400/40",
					"1/Account total/600/60", "2/Account total/400/40", "/Total/1000/100");
			assertThat(sheet.getRow(0).getCell(6).getStringCellValue()).isEqualTo("Share of calls");
			assertThat(sheet.getRow(6).getCell(6).getNumericCellValue()).isCloseTo(1.0, within(1e-12));
		}
	}

	private static UsageRow row(Long account, String team, long id, double calls) {
		return new UsageRow(account, team, id, "app-" + id, "java", calls, calls / 60, 1, 1, "range", calls / 1000,
				"ok");
	}

}
