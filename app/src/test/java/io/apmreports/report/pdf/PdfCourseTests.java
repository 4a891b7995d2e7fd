package io.apmreports.report.pdf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.List;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.range.TimeRange;
import io.apmreports.report.Overview;
import io.apmreports.report.ReportHeader;
import io.apmreports.testing.CourseFixtures;
import io.apmreports.testing.OverviewFixtures;

/**
 * The PDF's headlines with their course in words under each, and the regression's usual.
 */
class PdfCourseTests {

	private static final ReportHeader HEADER = new ReportHeader("Weekly performance", "weekly-performance",
			"Demo production (account 1234567)",
			new TimeRange(OffsetDateTime.parse("2026-11-16T00:00:00+01:00"),
					OffsetDateTime.parse("2026-11-23T00:00:00+01:00")),
			ZoneId.of("Europe/Berlin"), OffsetDateTime.parse("2026-11-23T06:00:00+01:00"));

	@TempDir
	Path directory;

	@Test
	void eachHeadlineWithACourseSaysItsLowHighAndUsualAndTheRegressionItsSpread() throws IOException {
		String text = text(CourseFixtures.weekly());

		assertThat(text).contains("12 weeks, low 210.0 ms, high 260.0 ms")
			.contains("usual 230.0 ms (median of 11 weeks kept of the 12 before, 200.0 ms\u2013260.0 ms)");
		assertThat(text).contains("not enough history: 2 of 12 weeks kept");
		assertThat(text).contains("within its usual spread: 70.0 ms\u2013130.0 ms over the 12 weeks before");
	}

	@Test
	void withoutAHistoryNothingIsSaidOfACourse() throws IOException {
		String text = text(OverviewFixtures.weekly());

		assertThat(text).doesNotContain("usual").doesNotContain("12 weeks");
	}

	private String text(Overview overview) throws IOException {
		Path file = directory.resolve("report.pdf");
		try (PdfReportWriter writer = new PdfReportWriter(file, HEADER, data -> List.of())) {
			writer.overview(overview);
		}
		try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
			return new PDFTextStripper().getText(pdf);
		}
	}

}
