package io.apmreports.report;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.util.FileSystemUtils;

/**
 * The staging directories of one report folder, under
 * {@code <output>/.staging/<report>/<account>/} and named for the range: on the same file
 * system as the report's folder, so that publishing is a rename, and outside it, so that
 * an attempt that cannot finish (a full disk, a killed process) never leaves anything in
 * a published folder. Kept apart from {@link ReportFiles}, which names the files and
 * takes the folder's lock: every method here is called holding that lock.
 */
final class StagingArea {

	private static final Logger log = LoggerFactory.getLogger(StagingArea.class);

	private final Path parent;

	private final String label;

	private final Path directory;

	/**
	 * @param parent where the folder's staging directories go
	 * @param label the range's label, which every staging directory's name begins with
	 * @param directory the report's folder, where staged files are published
	 */
	StagingArea(Path parent, String label, Path directory) {
		this.parent = parent;
		this.label = label;
		this.directory = directory;
	}

	/**
	 * A fresh staging directory of this attempt's own; what crashed attempts left is
	 * removed first, as no other writer's staging directory can be there under the lock.
	 */
	Path create(long executionId) throws IOException {
		removeLeftovers();
		// unique even where two job repositories both number their executions from 1
		return Files.createDirectories(parent.resolve(label + "-" + executionId + "-" + UUID.randomUUID()));
	}

	/** What crashed attempts at this folder left in staging. */
	void removeLeftovers() throws IOException {
		if (Files.isDirectory(parent)) {
			try (DirectoryStream<Path> leftovers = Files.newDirectoryStream(parent, label + "-*")) {
				for (Path leftover : leftovers) {
					FileSystemUtils.deleteRecursively(leftover);
				}
			}
		}
	}

	/**
	 * Removes a staging directory whose files will not be published; a failure to remove
	 * it is logged, not thrown, so that it never hides why the files were not written
	 * (the next attempt removes what is left).
	 */
	void discard(Path staging) {
		try {
			FileSystemUtils.deleteRecursively(staging);
		}
		catch (IOException ex) {
			log.warn("The staging directory {} could not be removed; the next run removes it", staging);
		}
	}

	/**
	 * Moves every staged file into place and removes the staging directory; answers the
	 * final paths.
	 */
	List<Path> publish(Path staging) throws IOException {
		Files.createDirectories(directory);
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

}
