package io.apmreports.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.range.TimeRange;

class ReportFilesTests {

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	@TempDir
	Path output;

	@Test
	void namesTheDirectoryAfterReportAndRangeInTheReportsZone() {
		ReportFiles files = new ReportFiles(output, "weekly-performance", WEEK, ZoneId.of("Europe/Berlin"));

		assertThat(files.directory()).isEqualTo(output.resolve("weekly-performance/2026-11-09_2026-11-16"));
		assertThat(files.workbookName()).isEqualTo("weekly-performance_2026-11-09_2026-11-16.xlsx");
		assertThat(ReportFiles.label(WEEK, ZoneId.of("UTC"))).isEqualTo("2026-11-08T2300_2026-11-15T2300");
	}

	@Test
	void nothingAppearsUnderAFinalNameBeforePublishing() throws IOException {
		// given a staged file of an attempt
		ReportFiles files = new ReportFiles(output, "weekly-performance", WEEK, ZoneId.of("Europe/Berlin"));
		Path staging = files.createStaging(7);
		Files.writeString(staging.resolve("summary.csv"), "a,b\r\n");
		assertThat(files.directory().resolve("summary.csv")).doesNotExist();

		// when
		List<Path> published = files.publish(staging);

		// then
		assertThat(published).containsExactly(files.directory().resolve("summary.csv"));
		assertThat(files.directory().resolve("summary.csv")).hasContent("a,b");
		assertThat(staging).doesNotExist();
	}

	@Test
	void aNewAttemptRemovesWhatACrashedOneLeftInStaging() throws IOException {
		ReportFiles files = new ReportFiles(output, "weekly-performance", WEEK, ZoneId.of("Europe/Berlin"));
		Path crashed = files.createStaging(7);
		Files.writeString(crashed.resolve("summary.csv"), "half");

		Path staging = files.createStaging(8);

		assertThat(crashed).doesNotExist();
		assertThat(staging).isEmptyDirectory();
	}

}
