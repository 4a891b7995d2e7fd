package io.apmreports.report.xlsx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.usermodel.XSSFCell;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.definition.Section;
import io.apmreports.definition.Thresholds;
import io.apmreports.formula.Change;
import io.apmreports.formula.Kind;
import io.apmreports.range.TimeRange;
import io.apmreports.report.Overview;
import io.apmreports.report.ReportHeader;
import io.apmreports.testing.OverviewFixtures;

/**
 * The Overview read back with POI: what it says in words, each headline with its previous
 * value and a change coloured by whether it is better, the busiest applications and the
 * regressions by name, and a print setup of one landscape page.
 */
class OverviewSheetTests {

	private static final OffsetDateTime FROM = OffsetDateTime.parse("2026-11-16T00:00:00+01:00");

	@TempDir
	Path directory;

	@Test
	void saysTheTitleAndTheRangeInWords() throws IOException {
		try (XSSFWorkbook workbook = written()) {
			XSSFSheet overview = workbook.getSheet("Overview");
			assertThat(overview.getRow(0).getCell(0).getStringCellValue()).isEqualTo("Weekly performance");
			assertThat(overview.getRow(1).getCell(0).getStringCellValue())
				.isEqualTo("Mon 16 Nov to Sun 22 Nov 2026, Europe/Berlin");
			assertThat(overview.getRow(2).getCell(0).getStringCellValue())
				.isEqualTo("Demo production (account 1234567)");
			assertThat(overview.getRow(3).getCell(0).getStringCellValue())
				.isEqualTo("Report weekly-performance, generated Mon 23 Nov 2026 06:00");
		}
	}

	@Test
	void eachHeadlineHasItsPreviousValueAndAChangeColouredByWhetherItIsBetter() throws IOException {
		try (XSSFWorkbook workbook = written()) {
			Map<String, Row> rows = rowsByLabel(workbook.getSheet("Overview"));
			Row heading = workbook.getSheet("Overview").getRow(rows.get("Applications").getRowNum() - 1);
			assertThat(heading.getCell(1).getStringCellValue()).isEqualTo("Week of 16 Nov");
			assertThat(heading.getCell(2).getStringCellValue()).isEqualTo("Week of 9 Nov");
			Row calls = rows.get("Calls");
			assertThat(calls.getCell(1).getNumericCellValue()).isEqualTo(16_500_000.0);
			assertThat(calls.getCell(1).getCellStyle().getDataFormatString()).isEqualTo("#,##0");
			assertThat(calls.getCell(2).getNumericCellValue()).isEqualTo(15_000_000.0);
			// +10% of traffic: grey, neither good nor bad
			assertChange(calls.getCell(3), "\u25B2 +1,500,000 (+10.0%)", OverviewStyles.GREY);
			// 200 -> 230 ms: +15%, worse
			assertChange(rows.get("Response time (ms)").getCell(3), "\u25B2 +30.0 (+15.0%)", OverviewStyles.RED);
			// Apdex 0.90 -> 0.92: better
			assertChange(rows.get("Apdex score").getCell(3), "\u25B2 +0.02 (+2.2%)", OverviewStyles.GREEN);
			// an error rate without a previous value has no change, not a 0
			Row errors = rows.get("Error rate");
			assertThat(errors.getCell(1).getCellStyle().getDataFormatString()).isEqualTo("0.00%");
			assertThat(errors.getCell(2)).isNull();
			assertThat(errors.getCell(3)).isNull();
		}
	}

	@Test
	void namesTheBusiestTheRegressionsAndTheFailed() throws IOException {
		try (XSSFWorkbook workbook = written()) {
			XSSFSheet overview = workbook.getSheet("Overview");
			Map<String, Row> rows = rowsByLabel(overview);
			assertThat(rows.get("Failed").getCell(1).getNumericCellValue()).isEqualTo(1.0);
			assertThat(rows.get("Failed").getCell(2).getStringCellValue()).isEqualTo("Search");
			Row busiest = rows.get("Checkout <Service>");
			// the name links to its page as a hyperlink object; the cell stays text
			assertThat(busiest.getCell(0).getHyperlink().getAddress()).isEqualTo(OverviewFixtures.LINK);
			assertThat(busiest.getCell(0).getCellType()).isEqualTo(CellType.STRING);
			assertThat(rows.get("Idle Worker").getCell(0).getHyperlink()).isNull();
			assertThat(busiest.getCell(1).getNumericCellValue()).isEqualTo(12_000_000.0);
			assertThat(busiest.getCell(3).getNumericCellValue()).isEqualTo(250.0);
			assertChange(busiest.getCell(4), "\u25B2 +50.0 (+25.0%)", OverviewStyles.RED);
			// the idle worker has no response time: empty, never 0
			assertThat(rows.get("Idle Worker").getCell(3)).isNull();
			Row regression = overview.getRow(rows.get("Application").getRowNum() + 1);
			int last = overview.getLastRowNum();
			Row mover = null;
			for (int r = regression.getRowNum(); r <= last; r++) {
				Row row = overview.getRow(r);
				if (row != null && row.getCell(1) != null && row.getCell(1).getCellType() == CellType.STRING
						&& row.getCell(1).getStringCellValue().equals("Response time (ms)")) {
					mover = row;
				}
			}
			assertThat(mover).isNotNull();
			assertThat(mover.getCell(0).getStringCellValue()).isEqualTo("Checkout <Service>");
			assertThat(mover.getCell(2).getNumericCellValue()).isEqualTo(80.0);
			assertThat(mover.getCell(3).getNumericCellValue()).isEqualTo(120.0);
			assertChange(mover.getCell(4), "\u25B2 +40.0 (+50.0%)", OverviewStyles.RED);
		}
	}

	@Test
	void withoutThePreviousPeriodOrAFigureItsColumnsAndRowsAreLeftOut() throws IOException {
		// given a usage report's overview: calls and throughput only, nothing before
		Overview usage = new Overview(1, 0, 0,
				List.of(new Overview.Headline("Calls", Kind.INTEGER, Overview.Better.NEITHER, new Change(1200.0, null)),
						new Overview.Headline("Apdex score", Kind.SCORE, Overview.Better.HIGHER,
								new Change(null, null))),
				List.of(new Overview.Busy("Batch", new Change(1200.0, null), new Change(20.0, null),
						new Change(null, null), new Change(null, null), new Change(null, null), "ok")),
				List.of(), List.of(), List.of());

		try (XSSFWorkbook workbook = written(usage)) {
			XSSFSheet overview = workbook.getSheet("Overview");
			Map<String, Row> rows = rowsByLabel(overview);
			// then one column of figures, no Apdex row, and the busiest without changes
			Row heading = overview.getRow(rows.get("Calls").getRowNum() - 1);
			assertThat(heading.getCell(1).getStringCellValue()).isEqualTo("Week of 16 Nov");
			assertThat(heading.getCell(2)).isNull();
			assertThat(rows).doesNotContainKey("Apdex score");
			Row busyHeadings = overview.getRow(rows.get("Batch").getRowNum() - 1);
			assertThat(busyHeadings.getCell(1).getStringCellValue()).isEqualTo("Calls");
			assertThat(busyHeadings.getCell(2).getStringCellValue()).isEqualTo("Web throughput (rpm)");
			assertThat(busyHeadings.getCell(3)).isNull();
			// and the regressions are said not to be checked, under no heading against a
			// period the report did not fetch
			assertThat(rows).containsKey("Not checked: this report does not fetch the previous period.")
				.containsKey("Regressions worth a look")
				.doesNotContainKeys("Regressions worth a look: 10% or more worse than the week of 9 Nov");
			assertThat(rows.keySet()).noneMatch(label -> label.startsWith("And by "));
		}
	}

	@Test
	void aRegressionFromZeroSaysSoInTheColourOfWorse() throws IOException {
		// given errors where there were none: a rate's change is in percentage points
		Overview overview = new Overview(1, 0, 0,
				List.of(new Overview.Headline("Calls", Kind.INTEGER, Overview.Better.NEITHER, new Change(100.0, 90.0))),
				List.of(), List.of(new Overview.Mover("Batch", "Error rate", Kind.FRACTION, Overview.Better.LOWER,
						new Change(0.02, 0.0))),
				List.of(), List.of());

		try (XSSFWorkbook workbook = written(overview)) {
			Row mover = rowsByLabel(workbook.getSheet("Overview")).get("Batch");
			XSSFCell change = (XSSFCell) mover.getCell(4);
			assertThat(change.getStringCellValue()).isEqualTo("\u25B2 +2.00 pp");
			assertThat(HexFormat.of().formatHex(change.getCellStyle().getFont().getXSSFColor().getRGB()))
				.isEqualToIgnoringCase(OverviewStyles.RED);
		}
	}

	@Test
	void theDefinitionsThresholdsAreTheOnesTheOverviewTellsAndColoursBy() throws IOException {
		// given a definition whose regressions are 25% worse, and whose changes are
		// coloured from 20%: the +15% response time is then grey
		Overview weekly = OverviewFixtures.weekly();
		Thresholds d = Thresholds.DEFAULT;
		Thresholds strict = new Thresholds(25, d.regressionMinMs(), d.regressionMinApdex(), d.regressionMinErrorPp(),
				d.regressionMinThroughputRpm(), d.regressions(), d.busiest(), d.lowApdex(), d.highErrorRate(), 20,
				d.notablePp());
		Overview overview = new Overview(weekly.applications(), weekly.failed(), weekly.gone(), weekly.headlines(),
				weekly.busiest(), weekly.regressions(), weekly.failedApplications(), weekly.goneApplications(),
				List.of(), strict);

		// when
		try (XSSFWorkbook workbook = written(overview)) {
			Map<String, Row> rows = rowsByLabel(workbook.getSheet("Overview"));

			// then
			assertThat(rows).containsKey("Regressions worth a look: 25% or more worse than the week of 9 Nov");
			assertChange(rows.get("Response time (ms)").getCell(3), "\u25B2 +30.0 (+15.0%)", OverviewStyles.GREY);
		}
	}

	@Test
	void printsLandscapeWithItsNotesReadableAndTheTitleAndPageNumbers() throws IOException {
		try (XSSFWorkbook workbook = written()) {
			XSSFSheet overview = workbook.getSheet("Overview");
			assertThat(overview.getPrintSetup().getLandscape()).isTrue();
			// one page, as the docs say: split side by side over two, its text was cut
			// mid-word; its columns are narrow enough for its notes to print at 7.2
			// points or more on one (measured by PrintedWorkbookIntegrationTests)
			assertThat(overview.getFitToPage()).isTrue();
			assertThat(overview.getPrintSetup().getFitWidth()).isEqualTo((short) 1);
			assertThat(overview.getPrintSetup().getFitHeight()).isEqualTo((short) 1);
			assertThat(overview.getHeader().getLeft()).isEqualTo("&12&BWeekly performance");
			assertThat(overview.getHeader().getRight()).isEqualTo("&12Mon 16 Nov to Sun 22 Nov 2026, Europe/Berlin");
			assertThat(overview.getFooter().getLeft()).isEqualTo("&12Overview");
			assertThat(overview.getFooter().getRight()).isEqualTo("&12Page &P of &N");
		}
	}

	/** The change as every report shows it, in its colour. */
	private static void assertChange(Cell cell, String expected, String colour) {
		XSSFCell change = (XSSFCell) cell;
		assertThat(change.getStringCellValue()).isEqualTo(expected);
		assertThat(HexFormat.of().formatHex(change.getCellStyle().getFont().getXSSFColor().getRGB()))
			.isEqualToIgnoringCase(colour);
	}

	/** Each row by the text of its first cell. */
	private static Map<String, Row> rowsByLabel(XSSFSheet sheet) {
		Map<String, Row> rows = new HashMap<>();
		for (Row row : sheet) {
			Cell label = row.getCell(0);
			if (label != null && label.getCellType() == CellType.STRING) {
				rows.putIfAbsent(label.getStringCellValue(), row);
			}
		}
		return rows;
	}

	private XSSFWorkbook written() throws IOException {
		return written(OverviewFixtures.weekly());
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
