package io.apmreports.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run's file is found only by a plain name among the files the run published, inside
 * the run's folder: nothing beside or above it, however the name is spelled.
 */
class RunFilesTests {

	@TempDir
	Path root;

	private Path folder;

	private Path workbook;

	private List<Path> files;

	@BeforeEach
	void writeFiles() throws IOException {
		folder = Files.createDirectories(root.resolve("out/weekly-performance/1234567/checkout/2026-11-09_2026-11-16"));
		workbook = Files.writeString(folder.resolve("weekly-performance_checkout.xlsx"), "workbook");
		Files.writeString(root.resolve("out/secret"), "key");
		Files.writeString(folder.resolve("not-published.csv"), "a,b");
		files = List.of(workbook, folder.resolve("weekly-performance_checkout.csv"));
	}

	@Test
	void aFileTheRunPublishedIsFoundByItsName() {
		// when the workbook is asked for by its file name
		// then it is the run's workbook
		assertThat(RunFiles.find(files, "weekly-performance_checkout.xlsx")).contains(workbook);
	}

	@ParameterizedTest
	@ValueSource(strings = { "../secret", "../../../../secret", "%2e%2e%2fsecret", "..%2fsecret", "..\\secret", "..",
			".", "", " ", "/etc/passwd", "C:\\secret", "not-published.csv", "WEEKLY-PERFORMANCE_CHECKOUT.XLSX",
			"weekly-performance_checkout.xlsx/", "weekly-performance_checkout.xlsx\u0000.csv" })
	void aNameThatClimbsOutNamesAPathOrIsNoneOfTheRunsIsNoFile(String name) {
		// when a name that is not one of the run's plain file names is asked for
		// then nothing is found
		assertThat(RunFiles.find(files, name)).isEmpty();
	}

	@Test
	void theAbsolutePathOfTheRunsOwnFileIsNoName() {
		// when the workbook is asked for by its whole path
		// then nothing is found: a name is a file name
		assertThat(RunFiles.find(files, workbook.toString())).isEmpty();
	}

	@Test
	void aPublishedFileThatIsGoneIsNotFound() {
		// given a file the run published that is gone since (the csv was never written)
		// when it is asked for
		// then nothing is found
		assertThat(RunFiles.find(files, "weekly-performance_checkout.csv")).isEmpty();
	}

	@Test
	void aLinkInTheRunsFolderToAFileOutsideItIsNotServed() throws IOException {
		// given a run whose published file is a link to a file outside its folder
		Path link = Files.createSymbolicLink(folder.resolve("linked.xlsx"), root.resolve("out/secret"));

		// when it is asked for
		// then nothing is found
		assertThat(RunFiles.find(List.of(link), "linked.xlsx")).isEmpty();
	}

	@Test
	void aFilesSizeReadsInUnits() {
		assertThat(new RunFiles.RunFile("a", workbook, 950).size()).isEqualTo("950 B");
		assertThat(new RunFiles.RunFile("a", workbook, 12_345).size()).isEqualTo("12.3 kB");
		assertThat(new RunFiles.RunFile("a", workbook, 2_500_000).size()).isEqualTo("2.5 MB");
		assertThat(new RunFiles.RunFile("a", workbook, -1).size()).isEqualTo("gone");
	}

	@Test
	void aWorkbookIsServedAsASpreadsheetAndAnUnknownKindAsBytes() {
		assertThat(new RunFiles.RunFile("w.xlsx", workbook, 1).contentType())
			.hasToString("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
		assertThat(new RunFiles.RunFile("w.unknownkind", workbook, 1).contentType())
			.hasToString("application/octet-stream");
	}

}
