package io.apmreports.report.pdf;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import javax.imageio.ImageIO;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionURI;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationLink;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.formula.Change;
import io.apmreports.formula.Kind;
import io.apmreports.range.TimeRange;
import io.apmreports.report.ChartData;
import io.apmreports.report.Overview;
import io.apmreports.report.ReportHeader;
import io.apmreports.report.picture.ChartPicture;
import io.apmreports.testing.OverviewFixtures;

class PdfReportWriterTests {

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	private static final ReportHeader HEADER = new ReportHeader("Weekly performance", "weekly-performance",
			"Demo production (account 1234567)",
			new TimeRange(OffsetDateTime.parse("2026-11-09T00:00:00+01:00"),
					OffsetDateTime.parse("2026-11-16T00:00:00+01:00")),
			BERLIN, OffsetDateTime.parse("2026-11-16T06:00:00+01:00"));

	@TempDir
	Path directory;

	@Test
	void theOverviewReadsBackWithItsHeadlinesChangesRegressionsAndNames() throws IOException {
		// given
		Path file = directory.resolve("report.pdf");

		// when
		try (PdfReportWriter writer = new PdfReportWriter(file, HEADER, data -> List.of())) {
			writer.overview(OverviewFixtures.weekly());
		}

		// then the figures as the overview holds them; +30 ms on 200 is +15.0%
		try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
			String text = new PDFTextStripper().getText(pdf);
			assertThat(pdf.getNumberOfPages()).isEqualTo(1);
			assertThat(text).contains("Weekly performance")
				.contains("Mon 9 Nov to Sun 15 Nov 2026, Europe/Berlin")
				.contains("3 applications, 1 failed.")
				.contains("Response time (ms)")
				.contains("230.0")
				.contains("200.0")
				.contains("\u25B2 +30.0 (+15.0%)")
				.contains("16,500,000")
				.contains("Error rate")
				.contains("1.20%")
				.contains("Checkout <Service>: Response time (ms) 80.0 \u2192 120.0")
				.contains("Idle Worker (no data)")
				.contains("Failed: Search")
				.contains("Page 1 of 1")
				.contains("Generated 2026-11-16 06:00 Europe/Berlin");
			// the busiest application's name links to its page
			assertThat(pdf.getPage(0).getAnnotations()).singleElement()
				.isInstanceOfSatisfying(PDAnnotationLink.class,
						link -> assertThat(((PDActionURI) link.getAction()).getURI()).isEqualTo(OverviewFixtures.LINK));
		}
	}

	@Test
	void theFinancePdfShowsTheUsageByTeamEachAccountAndThatRegressionsWereNotChecked() throws IOException {
		// given
		Path file = directory.resolve("finance.pdf");

		// when
		try (PdfReportWriter writer = new PdfReportWriter(file, HEADER, data -> List.of())) {
			writer.overview(OverviewFixtures.finance());
		}

		// then
		try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
			String text = new PDFTextStripper().getText(pdf);
			assertThat(text).containsSubsequence("Regressions worth a look",
					"Not checked: this report does not fetch the previous period.", "Usage by team",
					"Demo production (account 1234567)", "checkout", "500,000", "50.00%", "Account total", "600,000",
					"Demo staging (account 7654321)", "Total", "1,000,000", "100.00%", "busiest", "Checkout Service",
					"Demo production (account 1234567)", "Checkout Service", "Demo staging (account 7654321)");
		}
	}

	@Test
	void whatNeedsALookComesBeforeTheBusiestAndNoRegressionsIsNone() throws IOException {
		// given
		Path file = directory.resolve("look.pdf");

		// when
		try (PdfReportWriter writer = new PdfReportWriter(file, HEADER, data -> List.of())) {
			writer.overview(OverviewFixtures.needingALook());
		}

		// then
		try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
			String text = new PDFTextStripper().getText(pdf);
			assertThat(text).containsSubsequence("2 applications need a look", "red", "Search Gateway", "health red",
					"orange", "Inventory API", "Regressions worth a look",
					"None: no figure of any application got worse by as much.", "busiest applications");
		}
	}

	@Test
	void theAccountAndALongSelectionNoteAreToldUnderTheTitleWithinThePage() throws IOException {
		// given a note naming thirty ids the account lacks
		String ids = String.join(", ", IntStream.rangeClosed(9001, 9030).mapToObj(String::valueOf).toList());
		String note = "Application ids " + ids + " are not in Demo production (account 1234567); the report leaves "
				+ "them out.";
		ReportHeader header = new ReportHeader(HEADER.title(), HEADER.report(), HEADER.account(), HEADER.range(),
				HEADER.timeZone(), HEADER.generatedAt(), note, "Team checkout");
		Path file = directory.resolve("noted.pdf");

		// when
		try (PdfReportWriter writer = new PdfReportWriter(file, header, data -> List.of())) {
			writer.overview(OverviewFixtures.weekly());
		}

		// then the account is under the range, and the note is all there, over lines
		// that each fit the page
		try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
			String text = new PDFTextStripper().getText(pdf);
			assertThat(text).contains("Demo production (account 1234567)")
				.contains("Team checkout against the week of 2 Nov");
			List<String> noteLines = text.lines()
				.dropWhile(line -> !line.startsWith("Application ids"))
				.takeWhile(line -> !line.startsWith("3 applications"))
				.toList();
			assertThat(noteLines).hasSizeGreaterThan(1);
			assertThat(String.join(" ", noteLines)).isEqualTo(note);
		}
	}

	@Test
	void theChartsFollowTheOverviewAsThePicturesTheyAre() throws IOException {
		// given four pictures of 1200 x 600 pixels
		Path file = directory.resolve("report.pdf");
		byte[] png = png(1200, 600);
		List<ChartPicture> pictures = new ArrayList<>();
		for (String name : List.of("a", "b", "c", "d")) {
			pictures.add(new ChartPicture(name, name, 1200, 600, png));
		}

		// when
		try (PdfReportWriter writer = new PdfReportWriter(file, HEADER, data -> pictures)) {
			writer.charts(new ChartData(List.of(), List.of(), List.of()));
			writer.overview(OverviewFixtures.weekly());
		}

		// then a few pages: the overview, then the pictures
		try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
			assertThat(pdf.getNumberOfPages()).isBetween(2, 4);
			List<PDImageXObject> images = new ArrayList<>();
			for (int i = 1; i < pdf.getNumberOfPages(); i++) {
				PDResources resources = pdf.getPage(i).getResources();
				for (COSName name : resources.getXObjectNames()) {
					images.add((PDImageXObject) resources.getXObject(name));
				}
			}
			assertThat(images).hasSize(4).allSatisfy(image -> {
				assertThat(image.getWidth()).isEqualTo(1200);
				assertThat(image.getHeight()).isEqualTo(600);
			});
			assertThat(new PDFTextStripper().getText(pdf)).contains("Page 2 of " + pdf.getNumberOfPages());
		}
	}

	@Test
	void aNameTheFontCannotPrintDoesNotStopThePdf() throws IOException {
		// given an application named in a script the embedded font lacks
		Path file = directory.resolve("report.pdf");
		Overview weekly = OverviewFixtures.weekly();
		Overview overview = new Overview(weekly.applications(), weekly.failed(), weekly.gone(), weekly.headlines(),
				weekly.busiest(), weekly.regressions(), List.of("\u652F\u4ED8 service"), List.of());

		// when
		try (PdfReportWriter writer = new PdfReportWriter(file, HEADER, data -> List.of())) {
			writer.overview(overview);
		}

		// then
		try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
			assertThat(new PDFTextStripper().getText(pdf)).contains("Failed: ?? service");
		}
	}

	@Test
	void everyFailedNameIsThereOverAsManyLinesAsTheyTakeAndAnAbsentComparisonIsNotShown() throws IOException {
		// given forty failed applications and no previous period
		List<String> failed = new ArrayList<>();
		for (int i = 1; i <= 40; i++) {
			failed.add("Failed application " + i);
		}
		Overview overview = new Overview(40, 40, 0, List.of(
				new Overview.Headline("Calls", Kind.INTEGER, Overview.Better.NEITHER, new Change(0.0, null)),
				new Overview.Headline("Apdex score", Kind.SCORE, Overview.Better.HIGHER, new Change(null, null))),
				List.of(), List.of(), failed, List.of());
		Path file = directory.resolve("failed.pdf");

		// when
		try (PdfReportWriter writer = new PdfReportWriter(file, HEADER, data -> List.of())) {
			writer.overview(overview);
		}

		// then
		try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
			String text = new PDFTextStripper().getText(pdf);
			assertThat(text).contains("Failed application 1,").contains("Failed application 40");
			assertThat(text).doesNotContain("Week of 2 Nov").doesNotContain("Apdex score");
		}
	}

	@Test
	void periodsAreNamedAsTheCalendarDoesAndARatesChangeIsInPercentagePoints() throws IOException {
		// given an error rate from 0.15% to 0.27% (+0.12 pp, +80% of itself), and an
		// unchanged Apdex
		Overview overview = new Overview(2, 0, 0, List.of(
				new Overview.Headline("Apdex score", Kind.SCORE, Overview.Better.HIGHER, new Change(0.92, 0.92)),
				new Overview.Headline("Error rate", Kind.FRACTION, Overview.Better.LOWER, new Change(0.0027, 0.0015))),
				List.of(), List.of(new Overview.Mover("Billing Worker", "Error rate", Kind.FRACTION,
						Overview.Better.LOWER, new Change(0.0027, 0.0015))),
				List.of(), List.of());
		Path file = directory.resolve("pp.pdf");

		// when
		try (PdfReportWriter writer = new PdfReportWriter(file, HEADER, data -> List.of())) {
			writer.overview(overview);
		}

		// then
		try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
			String text = new PDFTextStripper().getText(pdf);
			assertThat(text).contains("Week of 9 Nov").contains("Week of 2 Nov").contains("against the week of 2 Nov");
			assertThat(text).contains("\u25B2 +0.12 pp").doesNotContain("+80.0%");
			assertThat(text).contains("no change").doesNotContain("\u25BC 0.0");
		}
	}

	@Test
	void aReportOverSeveralAccountsGivesEachAccountsHeadlinesAfterTheirSum() throws IOException {
		// given an overview of two accounts
		Overview weekly = OverviewFixtures.weekly();
		Overview two = new Overview(weekly.applications(), weekly.failed(), weekly.gone(), weekly.headlines(),
				weekly.busiest(), weekly.regressions(), weekly.failedApplications(), weekly.goneApplications(), List.of(
						new Overview.AccountHeadlines("Production (account 1)",
								List.of(new Overview.Headline("Calls", Kind.INTEGER, Overview.Better.NEITHER,
										new Change(1_234_000.0, null)))),
						new Overview.AccountHeadlines("Staging (account 2)", List.of(new Overview.Headline("Calls",
								Kind.INTEGER, Overview.Better.NEITHER, new Change(5_600.0, null))))));
		Path file = directory.resolve("two.pdf");

		// when
		try (PdfReportWriter writer = new PdfReportWriter(file, HEADER, data -> List.of())) {
			writer.overview(two);
		}

		// then each account follows the sum, under its name, with its own figures
		try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
			assertThat(new PDFTextStripper().getText(pdf)).containsSubsequence("16,500,000", "Production (account 1)",
					"1,234,000", "Staging (account 2)", "5,600");
		}
	}

	private static byte[] png(int width, int height) throws IOException {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ImageIO.write(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB), "png", out);
		return out.toByteArray();
	}

}
