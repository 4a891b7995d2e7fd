package io.apmreports.report.xlsx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.report.ReportSink;
import io.apmreports.testing.ChildJvm;

/**
 * The Trends sheets of a large account fit the small heap the docs recommend: every
 * finished sheet is flushed before the next begins, so the workbook holds one window of
 * rows, not one per sheet, and each sheet keeps its column widths as one range, not 200
 * XML elements, until the workbook is written.
 */
class TrendSheetMemoryIntegrationTests {

	private static final int APPLICATIONS = 500 * ReportSink.TREND_GROUP;

	private static final int SLICES = 168;

	@TempDir
	Path directory;

	@Test
	void aHundredContinuationSheetsAreWrittenInA96MegabyteHeap() throws Exception {
		// given 10,100 applications with a week of hourly slices: 101 sheets of 201
		// columns
		Path file = directory.resolve("trends.xlsx");
		Path log = directory.resolve("jvm.log");

		// when they are written in a JVM of 96 MB, with the serial collector
		Process jvm = ChildJvm.start(List.of("-Xmx96m", "-XX:+UseSerialGC"), TrendWorkbook.class,
				List.of(file.toString(), Integer.toString(APPLICATIONS), Integer.toString(SLICES)), Map.of(), log);
		assertThat(jvm.waitFor(10, TimeUnit.MINUTES)).as("the JVM ended").isTrue();

		// then it ended well, and the last continuation sheet has every slice of its
		// applications
		assertThat(jvm.exitValue()).as(Files.readString(log)).isZero();
		try (ZipFile workbook = new ZipFile(file.toFile())) {
			String sheets = text(workbook, workbook.getEntry("xl/workbook.xml"));
			assertThat(sheets).contains("name=\"Trends\"", "name=\"Trends (2)\"", "name=\"Trends (500)\"")
				.doesNotContain("name=\"Trends (501)\"");
			String last = text(workbook, workbook.getEntry("xl/worksheets/sheet500.xml"));
			assertThat(rows(last)).isEqualTo(TrendSheet.HEADING_ROWS + SLICES);
			assertThat(last).contains("Application 50000 (50000)");
		}
	}

	private static String text(ZipFile zip, ZipEntry entry) throws IOException {
		try (InputStream in = zip.getInputStream(entry)) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

	private static int rows(String sheet) {
		Matcher row = Pattern.compile("<row r=\"(\\d+)\"").matcher(sheet);
		int last = 0;
		while (row.find()) {
			last = Integer.parseInt(row.group(1));
		}
		return last;
	}

}
