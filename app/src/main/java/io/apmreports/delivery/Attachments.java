package io.apmreports.delivery;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.springframework.util.unit.DataSize;

/**
 * The files of one delivery: the report's files as they are, or, when together they are
 * larger than the limit, one zip of them, since mail servers refuse large messages and
 * the workbook and CSVs compress well. The zip is made in a directory of its own and
 * removed with {@link #close()}.
 */
public final class Attachments implements AutoCloseable {

	private final List<Path> files;

	private final Path zipDirectory;

	private Attachments(List<Path> files, Path zipDirectory) {
		this.files = List.copyOf(files);
		this.zipDirectory = zipDirectory;
	}

	/**
	 * The files to attach for {@code reportFiles}, zipped as {@code zipName} when above
	 * {@code zipAbove}.
	 */
	public static Attachments of(List<Path> reportFiles, DataSize zipAbove, String zipName) throws IOException {
		long total = 0;
		for (Path file : reportFiles) {
			total += Files.size(file);
		}
		if (total <= zipAbove.toBytes()) {
			return new Attachments(reportFiles, null);
		}
		Path directory = Files.createTempDirectory("apm-reports-mail");
		Path zip = directory.resolve(zipName);
		try (OutputStream out = Files.newOutputStream(zip); ZipOutputStream zipOut = new ZipOutputStream(out)) {
			for (Path file : reportFiles) {
				ZipEntry entry = new ZipEntry(file.getFileName().toString());
				// the files' own times, so that the same files make the same zip
				entry.setLastModifiedTime(FileTime.from(Files.getLastModifiedTime(file).toInstant()));
				zipOut.putNextEntry(entry);
				Files.copy(file, zipOut);
				zipOut.closeEntry();
			}
		}
		return new Attachments(List.of(zip), directory);
	}

	public List<Path> files() {
		return files;
	}

	@Override
	public void close() throws IOException {
		if (zipDirectory != null) {
			for (Path file : files) {
				Files.deleteIfExists(file);
			}
			Files.deleteIfExists(zipDirectory);
		}
	}

}
