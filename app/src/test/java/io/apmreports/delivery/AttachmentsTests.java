package io.apmreports.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.unit.DataSize;

class AttachmentsTests {

	@TempDir
	Path directory;

	@Test
	void filesWithinTheLimitAreAttachedAsTheyAre() throws IOException {
		// given 10 bytes in all, with a limit of 10
		List<Path> files = List.of(write("summary.csv", "a,b\r\n1,2\r\n"));
		Path zip = directory.resolve(".digest/report.zip");

		// when
		List<Path> attachments = Attachments.of(files, DataSize.ofBytes(10), zip);

		// then
		assertThat(attachments).isEqualTo(files);
		assertThat(zip).doesNotExist();
	}

	@Test
	void filesAboveTheLimitGoAsOneZipWithEveryFileByteForByteKeptForEveryRecipient() throws IOException {
		// given 11 bytes in all, with a limit of 10
		Path csv = write("summary.csv", "a,b\r\n1,2\r\n");
		Path other = write("hosts.csv", "x");
		Path zip = directory.resolve(".digest/report.zip");

		// when
		List<Path> attachments = Attachments.of(List.of(csv, other), DataSize.ofBytes(10), zip);

		// then one zip, where the run keeps it, and nothing half-written beside it
		assertThat(attachments).containsExactly(zip);
		Map<String, byte[]> entries = unzip(zip);
		assertThat(entries).containsOnlyKeys("summary.csv", "hosts.csv");
		assertThat(entries.get("summary.csv")).isEqualTo(Files.readAllBytes(csv));
		assertThat(entries.get("hosts.csv")).isEqualTo(Files.readAllBytes(other));
		try (var left = Files.list(zip.getParent())) {
			assertThat(left).containsExactly(zip);
		}
		assertThat(csv).exists();
	}

	private Path write(String name, String content) throws IOException {
		return Files.writeString(directory.resolve(name), content);
	}

	private static Map<String, byte[]> unzip(Path zip) throws IOException {
		Map<String, byte[]> entries = new HashMap<>();
		try (InputStream in = Files.newInputStream(zip); ZipInputStream zipIn = new ZipInputStream(in)) {
			for (ZipEntry entry = zipIn.getNextEntry(); entry != null; entry = zipIn.getNextEntry()) {
				entries.put(entry.getName(), zipIn.readAllBytes());
			}
		}
		return entries;
	}

}
