package io.apmreports.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.MediaTypeFactory;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

import io.apmreports.run.ReportRuns.RunSummary;

/**
 * The files of a run a user may see, to list and download: only those the run itself
 * published, found by their file name among them, and only where the name resolves to a
 * file inside the run's own folder. A name that climbs out ({@code ../}), names a path
 * ({@code /etc/passwd}) or is not one of the run's is told as no such file, in the same
 * words whatever the reason.
 */
@Component
public class RunFiles {

	private final RunCatalog catalog;

	RunFiles(RunCatalog catalog) {
		this.catalog = catalog;
	}

	/**
	 * One file of a run.
	 *
	 * @param name its file name, as the download's URL names it
	 * @param path where it is
	 * @param bytes its size, or -1 when it is gone
	 */
	public record RunFile(String name, Path path, long bytes) {

		/** The content type a browser opens it as; bytes for a kind not known. */
		public MediaType contentType() {
			return MediaTypeFactory.getMediaType(name).orElse(MediaType.APPLICATION_OCTET_STREAM);
		}

		/** "12.3 kB"; "gone" for a file no longer there. */
		public String size() {
			if (bytes < 0) {
				return "gone";
			}
			return bytes < 1000 ? bytes + " B"
					: bytes < 1_000_000 ? String.format(Locale.ROOT, "%.1f kB", bytes / 1000.0)
							: String.format(Locale.ROOT, "%.1f MB", bytes / 1_000_000.0);
		}

		public boolean gone() {
			return bytes < 0;
		}

		/** The file as a download: its bytes, its type, and the name to save it under. */
		public ResponseEntity<Resource> download() {
			return ResponseEntity.ok()
				.contentType(contentType())
				.contentLength(bytes)
				.header(HttpHeaders.CONTENT_DISPOSITION,
						ContentDisposition.attachment().filename(name, StandardCharsets.UTF_8).build().toString())
				.body(new FileSystemResource(path));
		}

	}

	/** The files the run published, in the order it wrote them. */
	public List<RunFile> of(RunSummary run) {
		return run.files().stream().map(file -> new RunFile(file.getFileName().toString(), file, size(file))).toList();
	}

	/**
	 * The run's file of this name, to download: one of the files the run published,
	 * inside its folder, and there.
	 * @throws NoSuchRun for a run the user may not see, and for a name that is no file of
	 * it
	 */
	public RunFile file(ConsoleUser user, long executionId, String name) {
		RunSummary run = catalog.run(user, executionId);
		Path file = find(run.files(), name)
			.orElseThrow(() -> new NoSuchRun("run " + executionId + " has no file called '" + printable(name) + "'"));
		return new RunFile(name, file, size(file));
	}

	/**
	 * The file among {@code files} whose name is {@code name}, when it is a plain file
	 * name, and the file it names lies inside the folder of the run's files, links
	 * followed, and is there.
	 */
	static Optional<Path> find(List<Path> files, String name) {
		if (!plainName(name)) {
			return Optional.empty();
		}
		return files.stream()
			.filter(file -> file.getFileName() != null && file.getFileName().toString().equals(name))
			.findFirst()
			.filter(file -> inside(file, name));
	}

	/** A name of one file: no folder, no climbing, no root, no control character. */
	static boolean plainName(String name) {
		if (name == null || name.isBlank() || name.equals(".") || name.equals("..")) {
			return false;
		}
		return name.chars().noneMatch(c -> c == '/' || c == '\\' || c == ':' || c < 0x20 || c == 0x7f);
	}

	private static boolean inside(Path file, String name) {
		Path folder = file.toAbsolutePath().normalize().getParent();
		Path resolved = folder.resolve(name).normalize();
		if (!resolved.getParent().equals(folder) || !Files.isRegularFile(resolved)) {
			return false;
		}
		try {
			// a link in the folder that points out of it is not the run's file
			return resolved.toRealPath().startsWith(folder.toRealPath());
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static long size(Path file) {
		try {
			return Files.size(file);
		}
		catch (IOException ex) {
			return -1;
		}
	}

	/** The name as asked, cut short and without control characters, for one line. */
	private static String printable(String name) {
		String text = name == null ? "" : name.replaceAll("\\p{Cntrl}", "?");
		return text.length() > 80 ? text.substring(0, 80) + "..." : text;
	}

}
