package io.apmreports.report.picture;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.poi.xssf.usermodel.XSSFChart;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.CombinedDomainCategoryPlot;
import org.jfree.data.category.DefaultCategoryDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openxmlformats.schemas.drawingml.x2006.chart.CTBarSer;

import io.apmreports.definition.Section;
import io.apmreports.range.TimeRange;
import io.apmreports.report.ChartData;
import io.apmreports.report.ReportHeader;
import io.apmreports.report.xlsx.XlsxReportWriter;
import io.apmreports.testing.OverviewFixtures;

/**
 * One colour per part of web transaction time everywhere: the workbook's native chart,
 * read back with POI, and the picture the e-mail and the PDF show. Application time was
 * blue in one and beige in the other.
 */
class ComponentColoursTests {

	private static final OffsetDateTime FROM = OffsetDateTime.parse("2026-11-09T00:00:00+01:00");

	@TempDir
	Path directory;

	@Test
	void eachPartHasTheSameColourInTheWorkbookAndInThePictures() throws IOException {
		// given two applications with every part of web transaction time
		List<ChartData.Components> bars = List.of(
				new ChartData.Components("Checkout", 80.0, 5.0, 20.0, 3.0, 10.0, 1.0, 4.0),
				new ChartData.Components("Search", 30.0, 2.0, 6.0, 1.0, 8.0, 2.0, 1.0));

		// when the workbook draws its chart and the pictures theirs
		Map<String, String> workbook = workbookColours(bars);
		Map<String, String> picture = pictureColours(bars);

		// then each part is in one colour, named alike, in both
		assertThat(workbook).hasSize(ChartData.Components.PARTS.size());
		assertThat(picture).isEqualTo(workbook);
		assertThat(workbook.values()).doesNotHaveDuplicates();
	}

	/**
	 * The workbook's stacked bars and request queuing: each series' fill by its title.
	 */
	private Map<String, String> workbookColours(List<ChartData.Components> bars) throws IOException {
		Path file = directory.resolve("colours.xlsx");
		ReportHeader header = new ReportHeader("Weekly performance", "weekly-performance", "Production",
				new TimeRange(FROM, FROM.plusDays(7)), ZoneId.of("Europe/Berlin"), FROM.plusDays(7));
		try (XlsxReportWriter writer = new XlsxReportWriter(file, header, EnumSet.of(Section.CHARTS))) {
			writer.charts(new ChartData(List.of(), bars,
					List.of(new ChartData.Scores("Checkout", 0.9, 0.01), new ChartData.Scores("Search", 0.9, 0.01))));
			writer.overview(OverviewFixtures.weekly());
		}
		Map<String, String> colours = new LinkedHashMap<>();
		try (InputStream in = Files.newInputStream(file); XSSFWorkbook read = new XSSFWorkbook(in)) {
			List<XSSFChart> charts = read.getSheet("Charts").getDrawingPatriarch().getCharts();
			for (CTBarSer series : charts.get(0).getCTChart().getPlotArea().getBarChartArray(0).getSerList()) {
				colours.put(series.getTx().getStrRef().getStrCache().getPtArray(0).getV(),
						hex(series.getSpPr().getSolidFill().getSrgbClr().getVal()));
			}
			// request queuing, apart: its bars in its colour, each point
			XSSFChart queuing = charts.get(1);
			assertThat(queuing.getTitleText().getString()).startsWith(BarCharts.QUEUING);
			CTBarSer queued = queuing.getCTChart().getPlotArea().getBarChartArray(0).getSerArray(0);
			colours.put(BarCharts.QUEUING, hex(queued.getDPtArray(0).getSpPr().getSolidFill().getSrgbClr().getVal()));
		}
		return colours;
	}

	/** The picture's stacked bars and request queuing: each series' paint by its key. */
	private static Map<String, String> pictureColours(List<ChartData.Components> bars) {
		DefaultCategoryDataset parts = BarCharts.components(bars);
		JFreeChart chart = BarCharts.componentsChart("Web transaction time", parts, BarCharts.queuing(bars));
		List<CategoryPlot> plots = ((CombinedDomainCategoryPlot) chart.getPlot()).getSubplots();
		Map<String, String> colours = new LinkedHashMap<>();
		for (int row = 0; row < parts.getRowCount(); row++) {
			colours.put((String) parts.getRowKey(row), hex((Color) plots.get(0).getRenderer().getSeriesPaint(row)));
		}
		colours.put(BarCharts.QUEUING, hex((Color) plots.get(1).getRenderer().getSeriesPaint(0)));
		return colours;
	}

	private static String hex(byte[] rgb) {
		return HexFormat.of().withUpperCase().formatHex(rgb);
	}

	private static String hex(Color colour) {
		return String.format("%06X", colour.getRGB() & 0xFFFFFF);
	}

}
