package io.apmreports.run.repository;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

import io.apmreports.failure.RunFailedException;

/**
 * The file of an H2 job repository ({@code jdbc:h2:file:./data/apm-reports}), whether
 * another process holds it, and the address at which the process that opened it serves it
 * to the commands run beside it ({@code apm-reports.server}, readable by its owner alone:
 * its key is what lets a client in).
 *
 * @param database the database's path without H2's {@code .mv.db}
 */
record H2File(Path database) {

	private static final String PREFIX = "jdbc:h2:";

	/** The H2 file of a JDBC URL, if it names one (not {@code mem:} or {@code tcp:}). */
	static Optional<H2File> of(String url) {
		if (url == null || !url.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
			return Optional.empty();
		}
		String name = url.substring(PREFIX.length()).split(";", 2)[0];
		if (name.toLowerCase(Locale.ROOT).startsWith("file:")) {
			name = name.substring("file:".length());
		}
		else if (name.contains(":")) {
			return Optional.empty();
		}
		if (name.startsWith("~")) {
			name = System.getProperty("user.home") + name.substring(1);
		}
		return Optional.of(new H2File(Path.of(name).toAbsolutePath().normalize()));
	}

	Path dataFile() {
		return database.resolveSibling(database.getFileName() + ".mv.db");
	}

	Path serverFile() {
		return database.resolveSibling(database.getFileName() + ".server");
	}

	/**
	 * The file whose lock a process holds while it decides whether to open the repository
	 * or connect to the process that serves it, and while it stops serving it.
	 */
	Path openingFile() {
		return database.resolveSibling(database.getFileName() + ".opening");
	}

	/**
	 * Whether another process has the file open: H2 holds an operating system lock on it
	 * for as long as it does, which dies with the process.
	 */
	boolean heldElsewhere() {
		if (!Files.exists(dataFile())) {
			return false;
		}
		try (FileChannel channel = FileChannel.open(dataFile(), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
			FileLock lock = channel.tryLock();
			if (lock == null) {
				return true;
			}
			lock.release();
			return false;
		}
		catch (IOException | OverlappingFileLockException ex) {
			// unreadable, H2 will say so when it opens it; or open in this JVM, where H2
			// shares it
			return false;
		}
	}

	/**
	 * The address the file is served at, if a process that is alive left it: the file of
	 * a process killed outright stays behind.
	 */
	Optional<Served> served() {
		if (Files.exists(serverFile()) && !Files.isReadable(serverFile())) {
			throw new RunFailedException("the job repository " + dataFile() + " is served by an apm-reports process "
					+ "whose " + serverFile().getFileName() + " this user may not read: run the command as that "
					+ "process's user (the scheduler's)");
		}
		Properties server = new Properties();
		try (Reader reader = Files.newBufferedReader(serverFile())) {
			server.load(reader);
			Served served = new Served(Integer.parseInt(server.getProperty("port")), server.getProperty("key"),
					Long.parseLong(server.getProperty("pid")), Boolean.parseBoolean(server.getProperty("scheduler")));
			return ProcessHandle.of(served.pid()).filter(ProcessHandle::isAlive).map(process -> served);
		}
		catch (IOException | RuntimeException ex) {
			return Optional.empty();
		}
	}

	/** Leaves the address for the commands run beside this process. */
	void serve(Served served) {
		Path temporary = serverFile().resolveSibling(serverFile().getFileName() + ".new");
		try {
			Files.deleteIfExists(temporary);
			Files.createFile(temporary,
					PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
			Properties server = new Properties();
			server.setProperty("port", Integer.toString(served.port()));
			server.setProperty("key", served.key());
			server.setProperty("pid", Long.toString(served.pid()));
			server.setProperty("scheduler", Boolean.toString(served.scheduler()));
			try (Writer writer = Files.newBufferedWriter(temporary)) {
				server.store(writer, "the process that opened the job repository serves it here while it runs");
			}
			Files.move(temporary, serverFile(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	void stopServing() {
		try {
			Files.deleteIfExists(serverFile());
		}
		catch (IOException ex) {
			// a server file left behind is told apart by the lock it no longer has
		}
	}

	/**
	 * The address of a served job repository.
	 *
	 * @param port its loopback port; 0 while a scheduler is starting
	 * @param key the name it is served under, known only to who can read the data
	 * directory
	 * @param pid the serving process, whose end makes the address stale
	 * @param scheduler whether that process is a scheduler, which never ends by itself
	 */
	record Served(int port, String key, long pid, boolean scheduler) {

		/** A scheduler that is opening the file and will serve it. */
		static Served starting(long pid) {
			return new Served(0, "", pid, true);
		}

		String url() {
			return "jdbc:h2:tcp://127.0.0.1:" + port + "/" + key;
		}

		@Override
		public String toString() {
			return "127.0.0.1:" + port;
		}

	}

}
