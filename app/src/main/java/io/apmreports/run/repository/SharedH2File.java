package io.apmreports.run.repository;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import org.h2.tools.Server;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.apmreports.failure.RunFailedException;

/**
 * One process's use of an H2 file job repository, which one process at a time may open:
 * the first to come opens it and serves it on a loopback port for as long as it runs, and
 * every other connects there, so that commands and a scheduler work beside each other on
 * the same rows, locks and transactions. Deciding which, and ceasing to serve, happen
 * under a lock of the {@link H2File#openingFile()}, so that no process finds the file
 * held with nobody serving it. A process that ceases to serve waits for those connected
 * to it; a scheduler, which never ends by itself, waits for a command that holds the file
 * rather than depend on it.
 */
final class SharedH2File implements AutoCloseable {

	private static final Logger log = LoggerFactory.getLogger(SharedH2File.class);

	private static final Duration WAIT = Duration.ofMillis(250);

	/** How long a command waits for a process that holds the file to serve it. */
	private static final Duration STARTING = Duration.ofMinutes(1);

	private static final String REMOTE_SESSIONS = """
			SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS WHERE SERVER IS NOT NULL
			""";

	private final H2File file;

	private final String url;

	private final Connection held;

	private final Server server;

	private SharedH2File(H2File file, String url, Connection held, Server server) {
		this.file = file;
		this.url = url;
		this.held = held;
		this.server = server;
	}

	/**
	 * Opens the file and serves it, or connects to the process that serves it.
	 * @param url the file's own URL, with the settings it is opened with
	 * @param scheduler whether this process is a scheduler
	 */
	static SharedH2File open(H2File file, String url, String user, String password, boolean scheduler) {
		Instant until = Instant.now().plus(STARTING);
		boolean told = false;
		ServedRepository.servedBy(null);
		while (true) {
			try (FileChannel channel = opening(file); FileLock lock = locked(channel, file)) {
				Optional<H2File.Served> served = file.served().filter(address -> address.port() > 0);
				if (served.isPresent() && served.get().pid() == ProcessHandle.current().pid()) {
					// this process opened it already (another context in the same JVM)
					return new SharedH2File(file, url, null, null);
				}
				if (!file.heldElsewhere()) {
					return opened(file, url, user, password, scheduler);
				}
				if (served.isPresent() && scheduler && served.get().scheduler()) {
					throw new RunFailedException("another scheduler runs on the job repository " + file.dataFile()
							+ ": one scheduler per data directory (several nodes share a PostgreSQL job repository)");
				}
				if (served.isPresent() && !scheduler) {
					ServedRepository.servedBy(served.get().pid());
					return new SharedH2File(file, served.get().url(), null, null);
				}
				if (!scheduler && Instant.now().isAfter(until)) {
					// H2 says the file is in use
					return new SharedH2File(file, url, null, null);
				}
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			if (!told) {
				log.info("Waiting for the job repository {}: another apm-reports command has it open", file.dataFile());
				told = true;
			}
			pause(file);
		}
	}

	private static SharedH2File opened(H2File file, String url, String user, String password, boolean scheduler) {
		Connection held = null;
		try {
			// opened here first, with the URL's settings (kept open until this closes),
			// not by the first client through the server, with none
			boolean made = !Files.exists(file.dataFile());
			held = DriverManager.getConnection(H2KeptOpen.keptOpen(url), user, password);
			if (made) {
				OwnerOnly.restrict(file.dataFile());
			}
			String key = UUID.randomUUID().toString();
			Server server = Server
				.createTcpServer("-tcpPort", "0", "-tcpDaemon", "-key", key, file.database().toString())
				.start();
			H2File.Served served = new H2File.Served(server.getPort(), key, ProcessHandle.current().pid(), scheduler);
			file.serve(served);
			log.debug("Serving the job repository to the commands run beside this one at {}", served);
			return new SharedH2File(file, url, held, server);
		}
		catch (SQLException ex) {
			closeQuietly(held);
			throw new IllegalStateException(ex.getMessage(), ex);
		}
	}

	/** The URL to reach the repository at: the file's own, or where it is served. */
	String url() {
		return url;
	}

	/**
	 * Ceases to serve the file, once the processes connected to it are done with it; a
	 * process that connected does nothing.
	 */
	@Override
	public void close() {
		if (server == null) {
			return;
		}
		try (FileChannel channel = opening(file); FileLock lock = channel.lock()) {
			boolean told = false;
			while (remoteSessions() > 0) {
				if (!told) {
					log.info("Waiting for the apm-reports commands beside this one to finish with the job repository");
					told = true;
				}
				pause(file);
			}
			file.stopServing();
			server.stop();
			closeQuietly(held);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private int remoteSessions() {
		try (Statement statement = held.createStatement(); ResultSet count = statement.executeQuery(REMOTE_SESSIONS)) {
			count.next();
			return count.getInt(1);
		}
		catch (SQLException ex) {
			return 0;
		}
	}

	private static FileChannel opening(H2File file) throws IOException {
		OwnerOnly.createDirectory(file.database().getParent());
		OwnerOnly.createFile(file.openingFile());
		return FileChannel.open(file.openingFile(), StandardOpenOption.WRITE);
	}

	private static FileLock locked(FileChannel channel, H2File file) throws IOException {
		FileLock lock = channel.tryLock();
		if (lock == null) {
			log.info("Waiting for the job repository {}: another apm-reports command is handing it over",
					file.dataFile());
			lock = channel.lock();
		}
		return lock;
	}

	private static void closeQuietly(Connection connection) {
		try {
			if (connection != null) {
				connection.close();
			}
		}
		catch (SQLException ex) {
			// closed with the process
		}
	}

	private static void pause(H2File file) {
		try {
			Thread.sleep(WAIT.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RunFailedException("stopped while waiting for the job repository " + file.dataFile());
		}
	}

}
