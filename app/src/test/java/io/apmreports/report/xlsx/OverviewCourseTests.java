package io.apmreports.report.xlsx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.List;

import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.usermodel.XSSFDrawing;
import org.apache.poi.xssf.usermodel.XSSFPicture;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.definition.Section;
import io.apmreports.range.TimeRange;
import io.apmreports.report.Overview;
import io.apmreports.report.ReportHeader;
import io.apmreports.testing.CourseFixtures;
import io.apmreports.testing.OverviewFixtures;

/**
 * The Overview's headlines with their course read back with POI: a picture beside each
 * headline the history keeps, on its row, and the usual in words after it; the
 * regression's usual after its change.
 */
class OverviewCourseTests {

	private static final OffsetDateTime FROM = OffsetDateTime.parse("2026-11-16T00:00:00+01:00");

	@TempDir
	Path directory;

	@Test
	void aPictureSitsBesideEachHeadlineWithACourseAndTheUsualIsInWords() throws IOException {
		try (XSSFWorkbook workbook = written(CourseFixtures.weekly())) {
			XSSFSheet sheet = workbook.getSheet("Overview");
			Row response = row(sheet, "Response time (ms)");
			Row calls = row(sheet, "Calls");
			Row heading = sheet.getRow(row(sheet, "Applications").getRowNum() - 1);
			assertThat(heading.getCell(CourseCells.LINE).getStringCellValue()).isEqualTo("Last 12 weeks");

			List<Integer> pictureRows = ((XSSFDrawing) sheet.getDrawingPatriarch()).getShapes()
				.stream()
				.map(shape -> ((XSSFPicture) shape).getClientAnchor())
				.filter(anchor -> anchor.getCol1() == CourseCells.LINE)
				.map(anchor -> anchor.getRow1())
				.toList();
			assertThat(pictureRows).containsExactlyInAnyOrder(response.getRowNum(), calls.getRowNum());
			assertThat(response.getCell(CourseCells.USUAL).getStringCellValue())
				.isEqualTo("230.0 ms (200.0 ms\u2013260.0 ms)");
			assertThat(calls.getCell(CourseCells.USUAL).getStringCellValue())
				.isEqualTo("not enough history: 2 of 12 kept");
			assertThat(heading.getCell(CourseCells.USUAL).getStringCellValue()).isEqualTo("Usual before");
			// the pictures are PNGs
			assertThat(workbook.getAllPictures()).hasSize(2)
				.allSatisfy(picture -> assertThat(picture.getMimeType()).isEqualTo("image/png"));

			Row regression = row(sheet, "Checkout <Service>");
			assertThat(regression.getCell(5).getStringCellValue())
				.isEqualTo("within its usual spread: 70.0 ms\u2013130.0 ms over the 12 weeks before");
		}
	}

	@Test
	void withoutAHistoryThereIsNoPictureNorUsual() throws IOException {
		try (XSSFWorkbook workbook = written(OverviewFixtures.weekly())) {
			assertThat(workbook.getAllPictures()).isEmpty();
			Row response = row(workbook.getSheet("Overview"), "Response time (ms)");
			assertThat(response.getCell(CourseCells.USUAL)).isNull();
		}
	}

	/** The last row whose first cell says {@code label}. */
	private static Row row(XSSFSheet sheet, String label) {
		Row found = null;
		for (Row row : sheet) {
			if (row.getCell(0) != null && label.equals(row.getCell(0).toString())) {
				found = row;
			}
		}
		assertThat(found).as(label).isNotNull();
		return found;
	}

	private XSSFWorkbook written(Overview content) throws IOException {
		Path file = directory.resolve("overview.xlsx");
		ReportHeader header = new ReportHeader("Weekly performance", "weekly-performance",
				"Demo production (account 1234567)", new TimeRange(FROM, FROM.plusDays(7)), ZoneId.of("Europe/Berlin"),
				OffsetDateTime.parse("2026-11-23T06:00:00+01:00"));
		try (XlsxReportWriter writer = new XlsxReportWriter(file, header, EnumSet.of(Section.SUMMARY))) {
			writer.overview(content);
		}
		try (InputStream in = Files.newInputStream(file)) {
			return new XSSFWorkbook(in);
		}
	}

}
