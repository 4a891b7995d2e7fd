package io.apmreports.delivery;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.springframework.util.unit.DataSize;

/**
 * The files a run's messages carry: the report's files as they are, or, when together
 * they are larger than the limit, one zip of them, since mail servers refuse large
 * messages and the workbook and CSVs compress well. The zip is made once per run, where
 * the run keeps it, and every recipient gets that one.
 */
public final class Attachments {

	private Attachments() {
	}

	/**
	 * The files to attach for {@code reportFiles}: themselves, or, above {@code zipAbove}
	 * in all, the zip {@code zip} made of them.
	 */
	public static List<Path> of(List<Path> reportFiles, DataSize zipAbove, Path zip) throws IOException {
		long total = 0;
		for (Path file : reportFiles) {
			total += Files.size(file);
		}
		if (total <= zipAbove.toBytes()) {
			return reportFiles;
		}
		Files.createDirectories(zip.getParent());
		// written beside and moved into place, so that a zip that is there is whole; its
		// writers take turns on the run's lock
		Path partial = zip.resolveSibling(zip.getFileName() + ".part");
		try (OutputStream out = Files.newOutputStream(partial); ZipOutputStream zipOut = new ZipOutputStream(out)) {
			for (Path file : reportFiles) {
				ZipEntry entry = new ZipEntry(file.getFileName().toString());
				// the files' own times, so that the same files make the same zip
				entry.setLastModifiedTime(FileTime.from(Files.getLastModifiedTime(file).toInstant()));
				zipOut.putNextEntry(entry);
				Files.copy(file, zipOut);
				zipOut.closeEntry();
			}
		}
		catch (IOException | RuntimeException ex) {
			Files.deleteIfExists(partial);
			throw ex;
		}
		Files.move(partial, zip, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		return List.of(zip);
	}

}
