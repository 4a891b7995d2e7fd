package io.apmreports.failure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class FullDiskTests {

	@Test
	void aWriteToAFullDiskIsToldWithThePlaceTheFailureNames() {
		// given what Java says of a file it could not create on a full disk, wrapped
		RuntimeException failure = new IllegalStateException("step failed",
				new FileSystemException("/reports/out/summary.csv", null, "No space left on device"));

		// when / then
		assertThat(FullDisk.in(failure)).isTrue();
		assertThat(FullDisk.describe(failure, Path.of("/elsewhere"))).hasValue(
				"the disk is full (no space left to write /reports/out/summary.csv): free some space and launch the "
						+ "command again (a run continues where it stopped)");
	}

	@Test
	void aWriteThatNamesNoFileIsToldWithThePlaceTheCallerWasWriting() {
		// given a plain write refused, as a stream's, under a database's words
		RuntimeException failure = new IllegalStateException("Writing to sun.nio.ch.FileChannelImpl@1 failed",
				new UncheckedIOException(new IOException("No space left on device")));

		// when / then
		assertThat(FullDisk.describe(failure, Path.of("/data/apm-reports.mv.db")))
			.hasValueSatisfying(line -> assertThat(line).startsWith("the disk is full")
				.contains("/data/apm-reports.mv.db")
				.doesNotContain("sun.nio", "Exception"));
	}

	@Test
	void anotherFailureIsNotAFullDisk() {
		RuntimeException failure = new IllegalStateException("boom", new IOException("Connection reset"));

		assertThat(FullDisk.in(failure)).isFalse();
		assertThat(FullDisk.describe(failure, Path.of("/data"))).isEmpty();
	}

	@Test
	void aFullDiskNobodyNamedIsStillToldAsOneLineNotAsAnUnexpectedError() {
		assertThat(Failures.forUser(new IllegalStateException(new IOException("Disk quota exceeded"))))
			.startsWith("the disk is full: free some space");
	}

}
