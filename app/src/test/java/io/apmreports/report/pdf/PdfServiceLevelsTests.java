package io.apmreports.report.pdf;

import static org.assertj.core.api.Assertions.assertThat;

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
import io.apmreports.report.ReportHeader;
import io.apmreports.report.ServiceLevelFixtures;
import io.apmreports.report.ServiceLevelReport;

class PdfServiceLevelsTests {

	static final ReportHeader HEADER = new ReportHeader("Monthly service levels", "monthly-service-levels",
			"production (account 1234567) and staging (account 7654321)",
			new TimeRange(OffsetDateTime.parse("2026-10-01T00:00:00Z"), OffsetDateTime.parse("2026-11-01T00:00:00Z")),
			ZoneId.of("UTC"), OffsetDateTime.parse("2026-11-01T06:00:00Z"));

	@TempDir
	Path directory;

	static void write(Path file, ServiceLevelReport report) throws Exception {
		try (PdfReportWriter writer = new PdfReportWriter(file, HEADER, data -> List.of())) {
			writer.serviceLevels(report);
			writer.overview(ServiceLevelFixtures.overview(report));
		}
	}

	private String text(ServiceLevelReport report) throws Exception {
		Path file = directory.resolve("report.pdf");
		write(file, report);
		try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
			return new PDFTextStripper().getText(pdf);
		}
	}

	@Test
	void thePdfSaysTheWorstBudgetFirstThenTheMonthTheTwelveMonthsAndTheSla() throws Exception {
		String text = text(ServiceLevelFixtures.october());

		assertThat(text).containsSubsequence("Service levels in October 2026", "red",
				"Checkout availability (Checkout Service) spent 140 % of its error budget in October 2026: 99.86 %",
				"Each service level in October 2026", "spent: 140 % used", "20 % left (partial month)",
				"The last 12 months", "Nov 2025", "Oct 2026", "before", "99.90*",
				"SLA figures of the applications without service levels", "Billing", "Oct 2026", "120,000", "0.93",
				"90.00%", "kept from a run");
		assertThat(text).doesNotContain("0 applications", "NaN");
	}

	@Test
	void throughRestThePdfSaysServiceLevelsNeedNrqlAndShowsTheSla() throws Exception {
		String text = text(ServiceLevelFixtures.rest());

		assertThat(text).contains("Service levels need NRQL over NerdGraph", "SLA figures of every application")
			.doesNotContain("The last 12 months");
	}

}
