package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SandboxServer;

/**
 * The demo week's workbook printed as LibreOffice prints it (headless, to PDF): every
 * page's every character at 7 points or more, measured from the PDF's text. Fitting each
 * sheet to one page wide printed the Summary at 3.8 points.
 */
class PrintedWorkbookIntegrationTests {

	private static final String KEY = "printed-key";

	@TempDir
	Path workDir;

	@Test
	void everyPrintedPageOfTheWorkbookIsAtLeastSevenPoints() throws Exception {
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

		// then no character is under 7 points, on any page
		List<String> small = new ArrayList<>();
		int pages;
		try (PDDocument document = Loader.loadPDF(pdf.toFile())) {
			pages = document.getNumberOfPages();
			for (int page = 1; page <= pages; page++) {
				double smallest = smallest(document, page);
				if (smallest < 7) {
					small.add(String.format("page %d: %.2f pt", page, smallest));
				}
			}
		}
		assertThat(pages).isGreaterThan(10);
		assertThat(small).isEmpty();
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

	/** The smallest printed size of the page's characters, in points. */
	private static double smallest(PDDocument document, int page) throws IOException {
		double[] smallest = { Double.MAX_VALUE };
		PDFTextStripper stripper = new PDFTextStripper() {
			@Override
			protected void writeString(String text, List<TextPosition> positions) {
				for (TextPosition position : positions) {
					if (!position.getUnicode().isBlank()) {
						smallest[0] = Math.min(smallest[0], position.getTextMatrix().getScalingFactorY());
					}
				}
			}
		};
		stripper.setStartPage(page);
		stripper.setEndPage(page);
		stripper.getText(document);
		return smallest[0];
	}

}
