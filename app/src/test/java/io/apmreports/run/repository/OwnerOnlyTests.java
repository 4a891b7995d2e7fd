package io.apmreports.run.repository;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data directory and the log made their owner's alone; one made before that others
 * can read told in one line.
 */
class OwnerOnlyTests {

	@TempDir
	Path workDir;

	@Test
	void aMissingDataDirectoryAndLogAreMadeTheOwnersAlone() throws IOException {
		// given nothing yet
		Path data = workDir.resolve("data");

		// when
		var readable = OwnerOnly.prepare(data, data.resolve("apm-reports.log"), data.resolve("apm-reports.mv.db"));

		// then
		assertThat(readable).isEmpty();
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data))).isEqualTo("rwx------");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data.resolve("apm-reports.log"))))
			.isEqualTo("rw-------");
	}

	@Test
	void anExistingDataDirectoryOthersCanReadIsToldInOneLine() throws IOException {
		// given a data directory, a repository and a log made before, readable by all
		Path data = Files.createDirectory(workDir.resolve("data"),
				PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
		Path repository = Files.createFile(data.resolve("apm-reports.mv.db"),
				PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r--r--")));
		Path log = Files.createFile(data.resolve("apm-reports.log"),
				PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));

		// when
		var readable = OwnerOnly.prepare(data, log, repository);

		// then: told, and left as it is (a warning, not a change behind the owner's back)
		assertThat(readable).contains(data + " (rwxr-xr-x), " + repository + " (rw-r--r--) are readable by other "
				+ "users of this machine: 'chmod go-rwx' keeps the job repository and the log to their owner");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data))).isEqualTo("rwxr-xr-x");
	}

}
