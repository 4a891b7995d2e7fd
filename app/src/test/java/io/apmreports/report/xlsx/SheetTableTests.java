package io.apmreports.report.xlsx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;

import io.apmreports.formula.Kind;
import io.apmreports.range.TimeRange;
import io.apmreports.report.Column;
import io.apmreports.report.ReportHeader;

class SheetTableTests {

	private static final ReportHeader REPORT = new ReportHeader("Weekly performance", "weekly-performance",
			"Demo production (account 1234567)",
			new TimeRange(OffsetDateTime.parse("2026-11-09T00:00:00+01:00"),
					OffsetDateTime.parse("2026-11-16T00:00:00+01:00")),
			ZoneId.of("Europe/Berlin"), OffsetDateTime.parse("2026-11-16T06:00:00+01:00"));

	@Test
	void aTableLongerThanASheetGoesOnOverFurtherSheetsEachWithItsHeader() throws IOException {
		// given sheets of three rows below the header, and a sheet made after the table's
		ByteArrayOutputStream file = new ByteArrayOutputStream();
		try (SXSSFWorkbook workbook = new SXSSFWorkbook()) {
			SheetTable<Integer> table = new SheetTable<>(workbook.createSheet("Trends"),
					List.of(new Column<Integer>("slice", "Slice", Kind.INTEGER, slice -> slice)), 0,
					new WorkbookStyles(workbook), REPORT, 3);
			workbook.createSheet("About");

			// when seven rows are written
			IntStream.rangeClosed(1, 7).forEach(table::add);
			table.finish();
			workbook.write(file);
		}

		// then they fill Trends, Trends (2) and Trends (3), in that order before About,
		// none lost
		try (XSSFWorkbook read = new XSSFWorkbook(new ByteArrayInputStream(file.toByteArray()))) {
			List<String> names = new ArrayList<>();
			read.forEach(sheet -> names.add(sheet.getSheetName()));
			assertThat(names).containsExactly("Trends", "Trends (2)", "Trends (3)", "About");
			assertThat(values(read.getSheet("Trends"))).containsExactly(1.0, 2.0, 3.0);
			assertThat(values(read.getSheet("Trends (2)"))).containsExactly(4.0, 5.0, 6.0);
			assertThat(values(read.getSheet("Trends (3)"))).containsExactly(7.0);
			for (String name : names.subList(0, 3)) {
				XSSFSheet sheet = read.getSheet(name);
				assertThat(sheet.getRow(0).getCell(0).getStringCellValue()).isEqualTo("Slice");
				// each sheet prints as the first does, its own name at the foot of a page
				assertThat(sheet.getPrintSetup().getLandscape()).as(name).isTrue();
				assertThat(sheet.getPrintSetup().getFitWidth()).as(name).isEqualTo((short) 1);
				assertThat(sheet.getRepeatingRows()).as(name).isEqualTo(CellRangeAddress.valueOf("1:1"));
				assertThat(sheet.getFooter().getLeft()).as(name).isEqualTo("&12" + name);
			}
		}
	}

	@Test
	void excelsLimitIsTheDefault() {
		assertThat(SheetTable.LAST_ROW).isEqualTo(1_048_575);
	}

	private static List<Double> values(Sheet sheet) {
		List<Double> values = new ArrayList<>();
		for (int row = 1; row <= sheet.getLastRowNum(); row++) {
			values.add(sheet.getRow(row).getCell(0).getNumericCellValue());
		}
		return values;
	}

}
