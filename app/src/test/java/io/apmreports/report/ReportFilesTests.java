package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.range.TimeRange;

class ReportFilesTests {

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	@TempDir
	Path output;

	@Test
	void namesTheDirectoryAfterReportAccountAndRangeInTheReportsZone() {
		ReportFiles files = new ReportFiles(output, "weekly-performance", null, "1234567", WEEK,
				ZoneId.of("Europe/Berlin"));

		assertThat(files.directory()).isEqualTo(output.resolve("weekly-performance/1234567/2026-11-09_2026-11-16"));
		assertThat(files.workbookName()).isEqualTo("weekly-performance_1234567_2026-11-09_2026-11-16.xlsx");
		assertThat(ReportFiles.label(WEEK, ZoneId.of("UTC"))).isEqualTo("2026-11-08T2300_2026-11-15T2300");
	}

	@Test
	void aTeamsShareHasADirectoryUnderItsAccountAndItsNameInTheFileNames() {
		ReportFiles files = new ReportFiles(output, "weekly-performance", "checkout", "1234567", WEEK,
				ZoneId.of("Europe/Berlin"));

		assertThat(files.directory())
			.isEqualTo(output.resolve("weekly-performance/1234567/checkout/2026-11-09_2026-11-16"));
		assertThat(files.workbookName()).isEqualTo("weekly-performance_checkout_1234567_2026-11-09_2026-11-16.xlsx");
		assertThat(files.pdfName()).isEqualTo("weekly-performance_checkout_1234567_2026-11-09_2026-11-16.pdf");
	}

	@Test
	void nothingAppearsUnderAFinalNameBeforePublishing() throws IOException {
		// given a staged file of an attempt
		ReportFiles files = new ReportFiles(output, "weekly-performance", null, "1234567", WEEK,
				ZoneId.of("Europe/Berlin"));
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
	void aPublishedFolderHoldsOnlyTheReportsFilesAndTheLockIsKeptApart() throws IOException {
		// given a writer that took the directory's lock, staged and published a file
		ReportFiles files = new ReportFiles(output, "weekly-performance", "checkout", "1234567", WEEK,
				ZoneId.of("Europe/Berlin"));
		try (ReportFiles.DirectoryLock lock = files.lock()) {
			Path staging = files.createStaging(7);
			Files.writeString(staging.resolve("summary.csv"), "a,b\r\n");
			files.publish(staging);
		}

		// when the folder is listed
		List<Path> listed;
		try (Stream<Path> children = Files.list(files.directory())) {
			listed = children.toList();
		}

		// then it holds the published file alone; the lock's file is under the output
		// directory's .locks, where readers of the folders do not look
		assertThat(listed).containsExactly(files.directory().resolve("summary.csv"));
		assertThat(files.lockFile())
			.isEqualTo(output.resolve(".locks/weekly-performance/1234567/checkout/2026-11-09_2026-11-16.lock"))
			.isRegularFile();
	}

	@Test
	void aPreviewGoesBesideTheFolderNotIntoIt() {
		ReportFiles files = new ReportFiles(output, "weekly-performance", null, "1234567", WEEK,
				ZoneId.of("Europe/Berlin"));

		assertThat(files.previewFile()).isEqualTo(output.resolve(
				"weekly-performance/1234567/2026-11-09_2026-11-16.preview/weekly-performance_1234567_2026-11-09_2026-11-16.eml"));
		assertThat(files.previewFile().startsWith(files.directory())).isFalse();
	}

	@Test
	void theDigestsPicturesAreHiddenBesideTheFolderAndGoWithIt() throws IOException {
		// given a run's files and its digest's picture
		ReportFiles files = new ReportFiles(output, "weekly-performance", null, "1234567", WEEK,
				ZoneId.of("Europe/Berlin"));
		Files.createDirectories(files.directory());
		Files.writeString(files.directory().resolve("summary.csv"), "a\r\n");
		Path picture = Files.createDirectories(files.digestDirectory()).resolve("throughput.png");
		Files.write(picture, new byte[] { 1 });

		// when the run is removed
		boolean removed = files.remove(Instant.now().plusSeconds(60));

		// then
		assertThat(files.digestDirectory())
			.isEqualTo(output.resolve("weekly-performance/1234567/.2026-11-09_2026-11-16.digest"));
		assertThat(removed).isTrue();
		assertThat(files.digestDirectory()).doesNotExist();
		assertThat(files.directory()).doesNotExist();
	}

	@Test
	void aNewAttemptRemovesWhatACrashedOneLeftInStaging() throws IOException {
		ReportFiles files = new ReportFiles(output, "weekly-performance", null, "1234567", WEEK,
				ZoneId.of("Europe/Berlin"));
		Path crashed = files.createStaging(7);
		Files.writeString(crashed.resolve("summary.csv"), "half");

		Path staging = files.createStaging(8);

		assertThat(crashed).doesNotExist();
		assertThat(staging).isEmptyDirectory();
	}

	@Test
	void twoRunsNumberedAlikeGetStagingDirectoriesOfTheirOwn() throws IOException {
		// given two job repositories that both number their first execution 1
		ReportFiles files = new ReportFiles(output, "weekly-performance", null, "1234567", WEEK,
				ZoneId.of("Europe/Berlin"));

		// when
		Path first = files.createStaging(1);
		Path second = new ReportFiles(output, "weekly-performance", null, "1234567", WEEK, ZoneId.of("Europe/Berlin"))
			.createStaging(1);

		// then
		assertThat(second).isNotEqualTo(first);
		assertThat(second.getFileName().toString()).startsWith("2026-11-09_2026-11-16-1-");
	}

	@Test
	void stagingIsOutsideThePublishedFolderAndAFailedAttemptLeavesNothingInIt() throws IOException {
		// given an attempt that staged half a file, then could not go on (a full disk)
		ReportFiles files = new ReportFiles(output, "weekly-performance", null, "1234567", WEEK,
				ZoneId.of("Europe/Berlin"));
		Path staging = files.createStaging(7);
		Files.writeString(staging.resolve("summary.csv"), "half");

		// when it gives its files up
		files.discard(staging);

		// then the staging was never in the report's folder, nothing is left of it, and
		// no folder was made for a report that was not published
		assertThat(staging.startsWith(files.directory())).isFalse();
		assertThat(staging.startsWith(output.resolve(".staging"))).isTrue();
		assertThat(staging).doesNotExist();
		assertThat(files.directory()).doesNotExist();
	}

	@Test
	void aWriterInAnotherProcessPublishesBeforeThisOneGetsTheDirectory() throws Exception {
		// given another process holding the directory's lock, with its staging directory
		// made
		ReportFiles files = new ReportFiles(output, "weekly-performance", null, "1234567", WEEK,
				ZoneId.of("Europe/Berlin"));
		Process other = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
				System.getProperty("java.class.path"), HoldDirectoryLock.class.getName(), output.toString())
			.redirectError(ProcessBuilder.Redirect.INHERIT)
			.start();
		try (BufferedReader said = new BufferedReader(
				new InputStreamReader(other.getInputStream(), StandardCharsets.UTF_8));
				Writer tell = new OutputStreamWriter(other.getOutputStream(), StandardCharsets.UTF_8)) {
			assertThat(said.readLine()).isEqualTo("locked");

			// when this process asks for the directory, and the other is told to publish
			// and let go
			CompletableFuture<String> seenOnLocking = CompletableFuture.supplyAsync(() -> {
				try (ReportFiles.DirectoryLock lock = files.lock()) {
					Path published = files.directory().resolve("summary.csv");
					return Files.exists(published) ? Files.readString(published) : "nothing";
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			});
			tell.write("publish\n");
			tell.flush();

			// then this process got the directory only once the other had published, and
			// the other's staging directory was there until then (it was not removed as a
			// crashed attempt's leftover)
			assertThat(seenOnLocking.get(60, TimeUnit.SECONDS)).isEqualTo("written by the other process\r\n");
			assertThat(other.waitFor()).isZero();
		}
		finally {
			other.destroyForcibly();
		}
	}

}
