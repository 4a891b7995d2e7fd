package io.apmreports.report.xlsx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.definition.Section;
import io.apmreports.formula.FigureColumn;
import io.apmreports.formula.Figures;
import io.apmreports.range.TimeRange;
import io.apmreports.formula.Change;
import io.apmreports.report.ChartData;
import io.apmreports.report.Overview;
import io.apmreports.report.ReportHeader;
import io.apmreports.staging.AboutRow;
import io.apmreports.staging.ComparisonRow;
import io.apmreports.staging.HostRow;
import io.apmreports.staging.KeyTransactionRow;
import io.apmreports.staging.NamedApplication;
import io.apmreports.staging.SummaryRow;
import io.apmreports.staging.TrendPoint;
import io.apmreports.testing.OverviewFixtures;

/**
 * What the workbook's cells say, read back with POI: an application's name as it is,
 * though it looks like a formula (a cell written as text is never run as one; the CSV
 * files' leading {@code '} would only show), and the About sheet in words.
 */
class WorkbookNamesTests {

	private static final OffsetDateTime FROM = OffsetDateTime.parse("2026-11-09T00:00:00+01:00");

	private static final OffsetDateTime TO = FROM.plusDays(7);

	/** Names a spreadsheet would take for formulas, were they parsed as a CSV file is. */
	private static final List<String> HOSTILE = List.of("=HYPERLINK(\"http://x\",\"y\")", "@SUM(1)", "+1", "-2");

	@TempDir
	Path directory;

	@Test
	void aNameThatLooksLikeAFormulaIsShownAsItIsOnEverySheetAsText() throws IOException {
		// given applications whose names look like formulas
		Path file = directory.resolve("names.xlsx");
		write(file);

		// then every sheet shows each name as it is, in a text cell, and no cell has the
		// CSV guard's apostrophe
		try (XSSFWorkbook workbook = read(file)) {
			for (String sheet : List.of("Overview", "Summary", "Breakdown", "Hosts", "Key transactions", "Comparison",
					"About", "Chart data")) {
				assertThat(texts(workbook.getSheet(sheet))).as(sheet).containsAll(HOSTILE);
			}
			for (Sheet sheet : workbook) {
				assertThat(texts(sheet)).as(sheet.getSheetName()).noneMatch(text -> text.startsWith("'"));
			}
			// the Trends heads each application's columns with its name and id, as text
			// like the other sheets
			List<String> trends = new ArrayList<>();
			workbook.getSheet("Trends").getRow(0).forEach(cell -> {
				if (cell.getCellType() == CellType.STRING && !cell.getStringCellValue().isEmpty()) {
					trends.add(cell.getStringCellValue());
				}
			});
			assertThat(trends).containsExactly(HOSTILE.get(0) + " (1)", HOSTILE.get(1) + " (2)",
					HOSTILE.get(2) + " (3)", HOSTILE.get(3) + " (4)");
		}
	}

	@Test
	void theAboutSheetSaysHowEachApplicationWasMeasuredInWords() throws IOException {
		// given applications measured by each database formula and web time source, as
		// the job repository stores them
		Path file = directory.resolve("about.xlsx");
		ReportHeader header = header();
		try (XlsxReportWriter writer = new XlsxReportWriter(file, header, EnumSet.of(Section.SUMMARY))) {
			writer.about(new AboutRow(1, "Shop", "RUBY_ORM", "WEB_TRANSACTION_TOTAL_TIME", ""));
			writer.about(new AboutRow(2, "Old", "DATABASE", "HTTP_DISPATCHER", ""));
			writer.about(new AboutRow(3, "Worker", "NONE", "NONE", ""));
			writer.about(new AboutRow(4, "Api", "DATASTORE", "WEB_TRANSACTION_TOTAL_TIME", ""));
			writer.overview(OverviewFixtures.weekly());
		}

		// then the sheet says them as docs/figures.md names them, never as the code does
		try (XSSFWorkbook workbook = read(file)) {
			List<String> texts = texts(workbook.getSheet("About"));
			assertThat(texts).contains("Ruby database", "Generic database", "None reported", "Datastore (per type)",
					"Web transaction total time", "HttpDispatcher (older agent)", "No web transactions");
			assertThat(texts).doesNotContain("RUBY_ORM", "DATABASE", "NONE", "DATASTORE", "WEB_TRANSACTION_TOTAL_TIME",
					"HTTP_DISPATCHER");
		}
	}

	private static void write(Path file) throws IOException {
		try (XlsxReportWriter writer = new XlsxReportWriter(file, header(), EnumSet.allOf(Section.class))) {
			List<NamedApplication> applications = new ArrayList<>();
			List<TrendPoint> points = new ArrayList<>();
			List<ChartData.Series> series = new ArrayList<>();
			List<ChartData.Components> components = new ArrayList<>();
			List<ChartData.Scores> scores = new ArrayList<>();
			List<Overview.Busy> busiest = new ArrayList<>();
			for (int i = 0; i < HOSTILE.size(); i++) {
				long id = i + 1;
				String name = HOSTILE.get(i);
				writer.summary(new SummaryRow(id, name, "java", "green", true, 1, 1, FROM, TO, figures(), 0.9, 0.01,
						"ok", null));
				writer.host(new HostRow(id, name, 10 + id, "web-" + id, figures(), "ok", null));
				writer.keyTransaction(new KeyTransactionRow(20 + id, "Pay", id, name, "WebTransaction/pay", 210.0, 30.0,
						0.01, 0.5, 0.9, TO));
				writer.comparison(new ComparisonRow(id, name, "response_time_ms", 120.0, 80.0, 40.0, 50.0));
				writer.about(new AboutRow(id, name, "DATABASE", "WEB_TRANSACTION_TOTAL_TIME", ""));
				applications.add(new NamedApplication(id, name));
				TrendPoint point = new TrendPoint(id, name, FROM, FROM.plusHours(1), 100.0, 10.0);
				points.add(point);
				series.add(new ChartData.Series(name, List.of(point)));
				components.add(new ChartData.Components(name, 80.0, 5.0, 20.0, null, 10.0, 1.0, 4.0));
				scores.add(new ChartData.Scores(name, 0.9, 0.01));
				busiest.add(new Overview.Busy(name, new Change(1000.0, 900.0), new Change(10.0, 9.0),
						new Change(100.0, 90.0), new Change(0.01, 0.01), new Change(0.9, 0.9), "ok"));
			}
			writer.trendGroup(applications, points);
			writer.charts(new ChartData(series, components, scores));
			Overview weekly = OverviewFixtures.weekly();
			writer.overview(new Overview(weekly.applications(), weekly.failed(), weekly.gone(), weekly.headlines(),
					busiest, weekly.regressions(), weekly.failedApplications(), weekly.goneApplications()));
		}
	}

	private static ReportHeader header() {
		return new ReportHeader("Weekly performance", "weekly-performance", "Demo production (account 1234567)",
				new TimeRange(FROM, TO), ZoneId.of("Europe/Berlin"), TO);
	}

	private static Figures figures() {
		Map<FigureColumn, Double> values = new EnumMap<>(FigureColumn.class);
		values.put(FigureColumn.THROUGHPUT_RPM, 100.0);
		values.put(FigureColumn.RESPONSE_TIME_MS, 110.0);
		return new Figures(values);
	}

	/** The text of every text cell of a sheet. */
	private static List<String> texts(Sheet sheet) {
		List<String> texts = new ArrayList<>();
		for (Row row : sheet) {
			for (Cell cell : row) {
				if (cell.getCellType() == CellType.STRING) {
					texts.add(cell.getStringCellValue());
				}
			}
		}
		return texts;
	}

	private static XSSFWorkbook read(Path file) throws IOException {
		try (InputStream in = Files.newInputStream(file)) {
			return new XSSFWorkbook(in);
		}
	}

}
