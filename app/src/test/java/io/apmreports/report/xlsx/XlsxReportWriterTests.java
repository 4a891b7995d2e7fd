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

import org.apache.poi.ss.usermodel.ConditionalFormatting;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.usermodel.SheetConditionalFormatting;
import org.apache.poi.ss.util.CellReference;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.definition.Section;
import io.apmreports.formula.FigureColumn;
import io.apmreports.formula.Figures;
import io.apmreports.range.TimeRange;
import io.apmreports.report.ChartData;
import io.apmreports.report.Column;
import io.apmreports.report.Columns;
import io.apmreports.report.ReportHeader;
import io.apmreports.report.ReportSink;
import io.apmreports.staging.AboutRow;
import io.apmreports.staging.ComparisonRow;
import io.apmreports.staging.HostRow;
import io.apmreports.staging.KeyTransactionRow;
import io.apmreports.staging.NamedApplication;
import io.apmreports.staging.SummaryRow;
import io.apmreports.staging.TrendPoint;
import io.apmreports.staging.UsageRow;
import io.apmreports.testing.OverviewFixtures;

class XlsxReportWriterTests {

	private static final OffsetDateTime FROM = OffsetDateTime.parse("2026-11-09T00:00:00+01:00");

	private static final OffsetDateTime TO = OffsetDateTime.parse("2026-11-16T00:00:00+01:00");

	@TempDir
	Path directory;

	@Test
	void writesEverySheetInOrderWithTheFiguresAndHighlights() throws IOException {
		// given
		Path file = directory.resolve("report.xlsx");

		// when
		write(file, sample());

		// then
		try (XSSFWorkbook workbook = read(file)) {
			List<String> names = new ArrayList<>();
			workbook.forEach(sheet -> names.add(sheet.getSheetName()));
			assertThat(names).containsExactly("Overview", "Charts", "Summary", "Breakdown", "Hosts", "Key transactions",
					"Comparison", "Trends", "Usage", "About", "Chart data");
			Sheet summary = workbook.getSheet("Summary");
			assertThat(summary.getRow(0).getCell(0).getStringCellValue()).isEqualTo("Application ID");
			assertThat(summary.getRow(1).getCell(1).getStringCellValue()).isEqualTo("Checkout");
			assertThat(summary.getRow(1).getCell(column("throughput_rpm")).getNumericCellValue()).isEqualTo(1200.5);
			assertThat(summary.getRow(2).getCell(column("apdex_score")).getNumericCellValue()).isEqualTo(0.55);
			assertThat(summary.getRow(3).getCell(column("apdex_score"))).isNull();
			SheetConditionalFormatting formatting = summary.getSheetConditionalFormatting();
			assertThat(formatting.getNumConditionalFormattings()).isEqualTo(2);
			List<String> rules = new ArrayList<>();
			for (int i = 0; i < formatting.getNumConditionalFormattings(); i++) {
				ConditionalFormatting conditional = formatting.getConditionalFormattingAt(i);
				rules.add(conditional.getFormattingRanges()[0].formatAsString() + " "
						+ conditional.getRule(0).getFormula1());
			}
			String apdex = letter("apdex_score");
			String errorRate = letter("error_rate");
			assertThat(rules).containsExactly(
					apdex + "2:" + apdex + "4 AND(ISNUMBER(" + apdex + "2)," + apdex + "2<0.7)",
					errorRate + "2:" + errorRate + "4 AND(ISNUMBER(" + errorRate + "2)," + errorRate + "2>0.05)");
			assertThat(workbook.getSheet("Comparison").getSheetConditionalFormatting().getNumConditionalFormattings())
				.isEqualTo(1);
		}
	}

	@Test
	void withoutTheChartsSectionThereIsNoChartsSheet() throws IOException {
		Path file = directory.resolve("report.xlsx");

		write(file, sample(), EnumSet.of(Section.SUMMARY));

		try (XSSFWorkbook workbook = read(file)) {
			assertThat(workbook.getSheet("Charts")).isNull();
			assertThat(workbook.getSheetName(1)).isEqualTo("Summary");
		}
	}

	private static int column(String header) {
		return Columns.SUMMARY.stream().map(Column::header).toList().indexOf(header);
	}

	private static String letter(String header) {
		return CellReference.convertNumToColString(column(header));
	}

	private static XSSFWorkbook read(Path file) throws IOException {
		try (InputStream in = Files.newInputStream(file)) {
			return new XSSFWorkbook(in);
		}
	}

	private static void write(Path file, Sample sample) throws IOException {
		write(file, sample, EnumSet.allOf(Section.class));
	}

	private static void write(Path file, Sample sample, EnumSet<Section> sections) throws IOException {
		ReportHeader header = new ReportHeader("Weekly performance", "weekly-performance",
				"Demo production (account 1234567)", new TimeRange(FROM, TO), ZoneId.of("Europe/Berlin"),
				OffsetDateTime.parse("2026-11-16T06:00:00+01:00"));
		try (XlsxReportWriter writer = new XlsxReportWriter(file, header, sections)) {
			sample.summary.forEach(writer::summary);
			writer.host(new HostRow(1, "Checkout", 11L, "web-1", figures(600.0, 95.0), "ok", null));
			writer.keyTransaction(new KeyTransactionRow(5, "Pay", 1, "Checkout", "WebTransaction/pay", 210.0, 30.0,
					0.01, 0.5, 0.9, TO));
			writer.comparison(new ComparisonRow(1, "Checkout", "response_time_ms", 120.0, 80.0, 40.0, 50.0));
			writer.comparison(new ComparisonRow(1, "Checkout", "throughput_rpm", 1300.0, 1000.0, 300.0, 30.0));
			TrendTables
				.of(List.of(new NamedApplication(1, "Checkout"), new NamedApplication(2, "Search")),
						sample.series.stream().flatMap(series -> series.points().stream()).toList())
				.groups(ReportSink.TREND_GROUP, writer::trendGroup);
			writer.usage(new UsageRow(1L, null, 1, "Checkout", "java", 1.2e7, 1200.5, 3, 4, "range", 0.75, "ok"));
			writer.about(new AboutRow(1, "Checkout", "Database/allWeb", "WebTransactionTotalTime", ""));
			writer.charts(new ChartData(sample.series, sample.components,
					List.of(new ChartData.Scores("Checkout", 0.93, 0.01), new ChartData.Scores("Search", 0.55, null))));
			writer.overview(OverviewFixtures.weekly());
		}
	}

	private static Sample sample() {
		List<SummaryRow> summary = List.of(summaryRow(1, "Checkout", 1200.5, 0.93, 0.01),
				summaryRow(2, "Search", 300.0, 0.55, 0.08), summaryRow(3, "Batch", null, null, null));
		List<ChartData.Series> series = List.of(series(1, "Checkout", 100.0, 120.0, 90.0),
				series(2, "Search", 40.0, 45.5, 50.0));
		List<ChartData.Components> components = List.of(
				new ChartData.Components("Checkout", 80.0, 5.0, 20.0, null, 10.0, 1.0, 4.0),
				new ChartData.Components("Search", 30.0, null, null, null, 8.0, null, null),
				new ChartData.Components("Billing", 10.0, 2.0, 5.0, 3.0, null, null, 1.0));
		return new Sample(summary, series, components);
	}

	private static SummaryRow summaryRow(long id, String name, Double throughput, Double apdex, Double errorRate) {
		return new SummaryRow(id, name, "java", "green", true, 2, 3, FROM, TO, figures(throughput, 110.0), apdex,
				errorRate, "ok", null);
	}

	private static Figures figures(Double throughput, Double responseTime) {
		Map<FigureColumn, Double> values = new EnumMap<>(FigureColumn.class);
		values.put(FigureColumn.THROUGHPUT_RPM, throughput);
		values.put(FigureColumn.NON_WEB_THROUGHPUT_RPM, 10.0);
		values.put(FigureColumn.RESPONSE_TIME_MS, responseTime);
		values.put(FigureColumn.REQUEST_QUEUING_MS, 4.0);
		values.put(FigureColumn.WEB_TRANSACTION_TIME_MS, 105.0);
		values.put(FigureColumn.APPLICATION_TIME_MS, 70.0);
		values.put(FigureColumn.DATASTORE_MS, 5.0);
		values.put(FigureColumn.DATABASE_MS, 20.0);
		values.put(FigureColumn.EXTERNAL_MS, 10.0);
		values.put(FigureColumn.CACHE_MS, 1.0);
		return new Figures(values);
	}

	private static ChartData.Series series(long id, String name, Double... responseTimes) {
		List<TrendPoint> points = new ArrayList<>();
		for (int i = 0; i < responseTimes.length; i++) {
			OffsetDateTime start = FROM.plusHours(i);
			points.add(new TrendPoint(id, name, start, start.plusHours(1), responseTimes[i], 1000.0));
		}
		return new ChartData.Series(name, points);
	}

	private record Sample(List<SummaryRow> summary, List<ChartData.Series> series,
			List<ChartData.Components> components) {
	}

}
