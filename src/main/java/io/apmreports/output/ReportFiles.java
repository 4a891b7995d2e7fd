package io.apmreports.output;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

import io.apmreports.range.TimeRange;

/**
 * Where a report's files go ({@code <output>/<report>/<from>_<to>/}) and how they get there: written into a staging
 * directory beside them, then moved into place one by one with an atomic rename, so that no reader ever sees a
 * half-written file under a final name.
 */
public final class ReportFiles {

	private static final String STAGING_PREFIX = ".staging-";

	private final Path directory;

	private final String baseName;

	public ReportFiles(Path outputDirectory, String report, TimeRange range, ZoneId zone) {
		String label = label(range, zone);
		this.directory = outputDirectory.resolve(report).resolve(label);
		this.baseName = report + "_" + label;
	}

	/** {@code 2026-11-09_2026-11-16}, with hours and minutes only where a bound is not midnight in the zone. */
	static String label(TimeRange range, ZoneId zone) {
		return bound(range.from().atZoneSameInstant(zone)) + "_" + bound(range.to().atZoneSameInstant(zone));
	}

	private static String bound(ZonedDateTime time) {
		String pattern = time.toLocalTime().equals(LocalTime.MIDNIGHT) ? "yyyy-MM-dd" : "yyyy-MM-dd'T'HHmm";
		return time.format(DateTimeFormatter.ofPattern(pattern));
	}

	public Path directory() {
		return directory;
	}

	public String workbookName() {
		return baseName + ".xlsx";
	}

	/** The name of the zip that carries the files when they are too large to attach one by one. */
	public String archiveName() {
		return baseName + ".zip";
	}

	/** The name of the e-mail a preview writes beside the files. */
	public String emailName() {
		return baseName + ".eml";
	}

	/** A fresh staging directory for one attempt; what crashed attempts left in staging is removed first. */
	public Path createStaging(long executionId) throws IOException {
		if (Files.isDirectory(directory)) {
			try (DirectoryStream<Path> leftovers = Files.newDirectoryStream(directory, STAGING_PREFIX + "*")) {
				for (Path leftover : leftovers) {
					deleteRecursively(leftover);
				}
			}
		}
		return Files.createDirectories(directory.resolve(STAGING_PREFIX + executionId));
	}

	/** Moves every staged file into place and removes the staging directory; answers the final paths. */
	public List<Path> publish(Path staging) throws IOException {
		List<Path> published = new ArrayList<>();
		try (DirectoryStream<Path> files = Files.newDirectoryStream(staging)) {
			for (Path file : files) {
				Path target = directory.resolve(file.getFileName());
				move(file, target);
				published.add(target);
			}
		}
		Files.delete(staging);
		published.sort(null);
		return published;
	}

	private static void move(Path source, Path target) throws IOException {
		try {
			Files.move(source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
		}
		catch (AtomicMoveNotSupportedException ex) {
			Files.move(source, target, StandardCopyOption.REPLACE_EXISTING);
		}
	}

	static void deleteRecursively(Path path) throws IOException {
		if (!Files.exists(path)) {
			return;
		}
		if (Files.isDirectory(path)) {
			try (DirectoryStream<Path> children = Files.newDirectoryStream(path)) {
				for (Path child : children) {
					deleteRecursively(child);
				}
			}
		}
		Files.delete(path);
	}

}
