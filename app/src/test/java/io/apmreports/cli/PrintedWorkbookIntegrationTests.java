package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.geom.Area;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;
import org.apache.pdfbox.util.Matrix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;

/**
 * The demo week's workbook printed as LibreOffice prints it (headless, to PDF), measured
 * from the PDF's text: every page's every character at 7 points or more and inside the
 * area the page shows (none cut off), the Overview and the Charts on one page each, and
 * the whole in at most 20 pages. Fitting each sheet to one page wide printed the Summary
 * at 3.8 points; splitting them at the default margins and row heights took 37 pages.
 */
class PrintedWorkbookIntegrationTests {

	private static final String KEY = "printed-key";

	@TempDir
	Path workDir;

	@Test
	void theWorkbookPrintsLegiblyInAtMostTwentyPagesTheOverviewAndChartsOnOneEach() throws Exception {
		// CI installs LibreOffice (.ci/run), so there a missing one fails rather than
		// skips
		boolean installed = new File("/usr/bin/soffice").canExecute();
		assertThat(installed || !"true".equals(System.getenv("CI"))).as("LibreOffice (soffice) is not installed")
			.isTrue();
		assumeTrue(installed, "LibreOffice (soffice) is not installed here");
		// given the demo week's workbook, every section
		Path workbook;
		try (SandboxServer sandbox = SandboxServer.start(SandboxOptions.demo(KEY))) {
			Path keyFile = Files.writeString(workDir.resolve("api.key"), KEY);
			CliRunner.Result run = CliRunner.run("run", "weekly-performance", "--from=2026-11-09T00:00:00+01:00",
					"--to=2026-11-16T00:00:00+01:00", "--apm.api-key-file=" + keyFile,
					"--apm.base-url=" + sandbox.baseUrl(), "--apm.account-id=" + SandboxOptions.DEMO_ACCOUNT_ID,
					"--apm.rate-limit=0", "--apm.data-dir=" + workDir.resolve("data"),
					"--output-dir=" + workDir.resolve("out"));
			assertThat(run.exitCode()).as(run.all()).isZero();
			try (Stream<Path> files = Files.walk(workDir.resolve("out"))) {
				workbook = files.filter(file -> file.toString().endsWith(".xlsx")).findFirst().orElseThrow();
			}
		}

		// when LibreOffice prints it
		Path pdf = print(workbook);

		// then no character is under 7 points or cut off, on any page
		List<String> small = new ArrayList<>();
		List<String> cut = new ArrayList<>();
		List<String> footers = new ArrayList<>();
		int pages;
		try (PDDocument document = Loader.loadPDF(pdf.toFile())) {
			pages = document.getNumberOfPages();
			for (int page = 1; page <= pages; page++) {
				Page measured = measure(document, page);
				if (measured.smallest() < 7) {
					small.add(String.format("page %d: %.2f pt", page, measured.smallest()));
				}
				if (!measured.cut().isEmpty()) {
					cut.add("page " + page + ": " + measured.cut());
				}
				footers.add(measured.footer());
			}
		}
		assertThat(small).isEmpty();
		assertThat(cut).isEmpty();
		// and the sheets docs/output.md says print on one page do, in at most 20 in all
		assertThat(footers).as("the pages' footers").filteredOn(footer -> footer.startsWith("Overview")).hasSize(1);
		assertThat(footers).as("the pages' footers").filteredOn(footer -> footer.startsWith("Charts")).hasSize(1);
		assertThat(pages).as("the pages' footers: " + footers).isLessThanOrEqualTo(20);
	}

	private Path print(Path workbook) throws IOException, InterruptedException {
		Path out = Files.createDirectories(workDir.resolve("pdf"));
		Process soffice = new ProcessBuilder("/usr/bin/soffice",
				"-env:UserInstallation=" + workDir.resolve("profile").toUri(), "--headless", "--convert-to", "pdf",
				"--outdir", out.toString(), workbook.toString())
			.redirectErrorStream(true)
			.redirectOutput(workDir.resolve("soffice.log").toFile())
			.start();
		assertThat(soffice.waitFor(5, TimeUnit.MINUTES)).as("LibreOffice printed within 5 minutes").isTrue();
		String name = workbook.getFileName().toString().replace(".xlsx", ".pdf");
		assertThat(out.resolve(name)).as(Files.readString(workDir.resolve("soffice.log"))).exists();
		return out.resolve(name);
	}

	/**
	 * A printed page: its footer's line, which begins with the sheet's name, the smallest
	 * printed size of its characters in points, and the characters drawn outside the area
	 * the page shows.
	 */
	private record Page(String footer, double smallest, String cut) {
	}

	private static Page measure(PDDocument document, int page) throws IOException {
		double[] smallest = { Double.MAX_VALUE };
		StringBuilder cut = new StringBuilder();
		PDFTextStripper stripper = new PDFTextStripper() {
			@Override
			protected void processTextPosition(TextPosition position) {
				if (!position.getUnicode().isBlank()) {
					Matrix matrix = position.getTextMatrix();
					smallest[0] = Math.min(smallest[0], matrix.getScalingFactorY());
					// the middle of the character, in the page's space, where the clip is
					Area shown = getGraphicsState().getCurrentClippingPath();
					if (!shown.contains(matrix.getTranslateX() + position.getWidth() / 2,
							matrix.getTranslateY() + matrix.getScalingFactorY() / 3)) {
						cut.append(position.getUnicode());
					}
				}
				super.processTextPosition(position);
			}
		};
		stripper.setStartPage(page);
		stripper.setEndPage(page);
		String text = stripper.getText(document);
		// the footer's line: the sheet's name, then "Page n of m"
		Matcher footer = Pattern.compile("(?m)^.*Page \\d+ of \\d+").matcher(text);
		return new Page(footer.find() ? footer.group().strip() : "?", smallest[0], cut.toString());
	}

}
