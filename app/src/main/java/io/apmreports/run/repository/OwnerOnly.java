package io.apmreports.run.repository;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the tool keeps is its owner's: the data directory, the job repository and the log
 * file are made readable by their owner alone (the repository holds every run, its
 * recipients and files), and one made before, that others can read, is told in one line.
 * Where the file system knows no POSIX permissions, nothing is changed.
 */
final class OwnerOnly {

	private static final Set<PosixFilePermission> OTHERS = EnumSet.of(PosixFilePermission.GROUP_READ,
			PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
			PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

	private OwnerOnly() {
	}

	/**
	 * Creates the directory, and those above it, as its owner's alone, if it is missing.
	 */
	static void createDirectory(Path directory) throws IOException {
		if (directory == null || Files.isDirectory(directory)) {
			return;
		}
		createDirectory(directory.toAbsolutePath().getParent());
		try {
			if (posix(directory.toAbsolutePath().getParent())) {
				Files.createDirectory(directory,
						PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
			}
			else {
				Files.createDirectory(directory);
			}
		}
		catch (FileAlreadyExistsException ex) {
			// made by another process meanwhile
		}
	}

	/** Creates an empty file that its owner alone may read, if it is missing. */
	static void createFile(Path file) throws IOException {
		if (Files.exists(file)) {
			return;
		}
		createDirectory(file.toAbsolutePath().getParent());
		try {
			if (posix(file.toAbsolutePath().getParent())) {
				Files.createFile(file,
						PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
			}
			else {
				Files.createFile(file);
			}
		}
		catch (FileAlreadyExistsException ex) {
			// made by another process meanwhile
		}
	}

	/**
	 * The data directory and the log file as their owner's alone, made if missing;
	 * answers the line that tells which of them, and of the job repository's file, made
	 * before, others can read, if any.
	 * @param logFile the log file, or {@code null} for none
	 * @param repository the job repository's H2 file, or {@code null} for none
	 */
	static Optional<String> prepare(Path dataDirectory, Path logFile, Path repository) {
		List<Path> open = new ArrayList<>();
		try {
			readableByOthers(dataDirectory).ifPresent(open::add);
			if (repository != null) {
				readableByOthers(repository).ifPresent(open::add);
			}
			createDirectory(dataDirectory);
			if (logFile != null) {
				readableByOthers(logFile).ifPresent(open::add);
				createFile(logFile);
			}
		}
		catch (IOException ex) {
			// the log and the job repository say what cannot be written
			return Optional.empty();
		}
		return Optional.of(open)
			.filter(paths -> !paths.isEmpty())
			.map(paths -> String.join(", ", paths.stream().map(OwnerOnly::describe).toList())
					+ (paths.size() == 1 ? " is" : " are") + " readable by other users of this machine: "
					+ "'chmod go-rwx' keeps the job repository and the log to their owner");
	}

	/** A file this process just made, as its owner's alone. */
	static void restrict(Path file) {
		try {
			if (posix(file)) {
				Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The path, if others may read it (or reach into it, for a directory). */
	static Optional<Path> readableByOthers(Path path) throws IOException {
		if (!Files.exists(path) || !posix(path)) {
			return Optional.empty();
		}
		Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(path);
		return permissions.stream().anyMatch(OTHERS::contains) ? Optional.of(path) : Optional.empty();
	}

	private static String describe(Path path) {
		try {
			return path + " (" + PosixFilePermissions.toString(Files.getPosixFilePermissions(path)) + ")";
		}
		catch (IOException ex) {
			return path.toString();
		}
	}

	private static boolean posix(Path path) {
		Path existing = path.toAbsolutePath();
		while (existing != null && !Files.exists(existing)) {
			existing = existing.getParent();
		}
		return existing != null && Files.getFileAttributeView(existing, PosixFileAttributeView.class) != null;
	}

}
