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
import io.apmreports.report.CostFixtures;
import io.apmreports.report.CostReport;
import io.apmreports.report.ReportHeader;
import io.apmreports.staging.CostAccount;

class PdfCostTests {

	static final ReportHeader HEADER = new ReportHeader("Monthly cost", "monthly-cost",
			"production (account 1234567) and staging (account 7654321)",
			new TimeRange(OffsetDateTime.parse("2026-10-01T00:00:00Z"), OffsetDateTime.parse("2026-11-01T00:00:00Z")),
			ZoneId.of("UTC"), OffsetDateTime.parse("2026-11-02T06:00:00Z"));

	@TempDir
	Path directory;

	/** The PDF of a report of cost alone. */
	static void write(Path file, CostReport report) throws Exception {
		try (PdfReportWriter writer = new PdfReportWriter(file, HEADER, data -> List.of())) {
			writer.cost(report);
			writer.overview(CostFixtures.overview(report));
		}
	}

	@Test
	void theCostPdfHasTheBillTheMoversAndTheTeamTable() throws Exception {
		Path file = directory.resolve("cost.pdf");
		write(file, CostFixtures.priced());

		try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
			String text = new PDFTextStripper().getText(pdf);
			// 1,000 CCU x 0.10 = 100; checkout 230 GB x 0.30 = 69
			assertThat(text)
				.contains("The bill of October 2026", "$1,341.00", "$100.00",
						"checkout rose 12.4 GB (+$3.72) to 230.0 GB, the largest rise", "Cost by team",
						"Total of checkout", "$69.00", "Cost (USD)")
				.doesNotContain("0 applications", "Regressions worth a look");
		}
	}

	@Test
	void aLongNoteIsWrappedNotCut() throws Exception {
		// given an account whose reason for not being measured is longer than a line
		String reason = "no day of the month was measured while the vendor kept its events (run a daily ingest "
				+ "report every day, so the month's split has the days it needs)";
		CostReport report = CostFixtures
			.build(List.of(new CostAccount(1234567, "production", true, 420.5, 0, 31, reason)));
		Path file = directory.resolve("cost.pdf");
		write(file, report);

		try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
			String text = new PDFTextStripper().getText(pdf).replaceAll("\\s+", " ");
			assertThat(text).contains("so the month's split has the days it needs); its ingest is unallocated.");
		}
	}

}
