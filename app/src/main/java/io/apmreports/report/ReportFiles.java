package io.apmreports.report;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.util.FileSystemUtils;

import io.apmreports.definition.Attachment;
import io.apmreports.range.TimeRange;

/**
 * Where a report's files go ({@code <output>/<report>/<account>/<from>_<to>/}, so that
 * two accounts' reports never share a directory; {@code 1234567+7654321} for a report
 * over several) and how they get there: written into a staging directory of the run's
 * own, then moved into place one by one with an atomic rename, so that no reader ever
 * sees a half-written file under a final name. Writers of one directory take turns
 * through {@link #lock()}, so that two runs sharing an output directory (separate job
 * repositories, say) never write or publish into each other's files. The lock's file and
 * the staging directories are kept apart, under {@code <output>/.locks/} and
 * {@code <output>/.staging/}, so a published folder holds the report's files and nothing
 * else.
 */
public final class ReportFiles {

	private static final String STAGING = ".staging";

	private static final String LOCKS = ".locks";

	private static final Logger log = LoggerFactory.getLogger(ReportFiles.class);

	/**
	 * A file lock is held per process, so threads of this process take turns on a lock of
	 * their own first.
	 */
	private static final Map<Path, ReentrantLock> LOCAL_LOCKS = new ConcurrentHashMap<>();

	private final Path outputDirectory;

	private final Path directory;

	private final String baseName;

	private final Path lockFile;

	private final StagingArea staging;

	/**
	 * The files of a report, or of one team's share of it under
	 * {@code <output>/<report>/<account>/<team>/<from>_<to>/}.
	 * @param team the team, or {@code null} for the whole report
	 * @param account the account's id, or the ids of several joined by {@code +}
	 */
	public ReportFiles(Path outputDirectory, String report, String team, String account, TimeRange range, ZoneId zone) {
		String label = label(range, zone);
		this.outputDirectory = outputDirectory;
		Path accountDirectory = outputDirectory.resolve(report).resolve(account);
		this.directory = (team == null ? accountDirectory : accountDirectory.resolve(team)).resolve(label);
		this.baseName = report + (team == null ? "" : "_" + team) + "_" + account + "_" + label;
		Path relative = outputDirectory.relativize(directory);
		this.lockFile = outputDirectory.resolve(LOCKS).resolve(relative).resolveSibling(label + ".lock");
		this.staging = new StagingArea(outputDirectory.resolve(STAGING).resolve(relative).getParent(), label,
				directory);
	}

	/**
	 * An attachment's file among the report's files: the workbook and the PDF are named
	 * for the report and range, the CSV files as the definition writes them.
	 */
	public String fileName(Attachment attachment) {
		return switch (attachment) {
			case XLSX -> workbookName();
			case PDF -> pdfName();
			default -> attachment.text();
		};
	}

	/**
	 * {@code 2026-11-09_2026-11-16}, with hours and minutes only where a bound is not
	 * midnight in the zone.
	 */
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

	/** The output directory the report's folder is under. */
	public Path outputDir() {
		return outputDirectory;
	}

	public String workbookName() {
		return baseName + ".xlsx";
	}

	/** The name of the PDF of the overview and the charts. */
	public String pdfName() {
		return baseName + ".pdf";
	}

	/**
	 * The name of the zip that carries the files when they are too large to attach one by
	 * one.
	 */
	public String archiveName() {
		return baseName + ".zip";
	}

	/**
	 * Where a preview writes the e-mail: {@code <from>_<to>.preview/<name>.eml} beside
	 * the report's folder, not in it, so the folder holds only what was published and a
	 * preview is never mistaken for one of the files to attach.
	 */
	public Path previewFile() {
		return directory.resolveSibling(directory.getFileName() + ".preview").resolve(baseName + ".eml");
	}

	/**
	 * Where the run's digest keeps what is not text: its pictures and, when the files are
	 * too large to attach as they are, their zip. Hidden, beside the folder, so that the
	 * folder holds only the report's files.
	 */
	public Path digestDirectory() {
		return directory.resolveSibling("." + directory.getFileName() + ".digest");
	}

	/**
	 * The file whose lock the directory's writers take turns on:
	 * {@code <output>/.locks/<report>/<account>/[<team>/]<from>_<to>.lock}. It is in the
	 * output directory, not the data directory, because the writers it keeps apart are
	 * exactly those that share an output directory but not a job repository (and so
	 * perhaps not a data directory). It is never removed: a process waiting on a file
	 * that another unlinks would lock a file no one else sees, and two writers would then
	 * hold "the" lock at once; an empty file per range written is the price.
	 */
	Path lockFile() {
		return lockFile;
	}

	/**
	 * Waits for and takes the directory's lock: an exclusive lock on its
	 * {@link #lockFile() lock file}, which the operating system releases when a process
	 * dies, so a crashed writer never blocks the next.
	 */
	public DirectoryLock lock() throws IOException {
		Files.createDirectories(lockFile.getParent());
		Path file = lockFile.toAbsolutePath().normalize();
		ReentrantLock local = LOCAL_LOCKS.computeIfAbsent(file, key -> new ReentrantLock());
		if (!local.tryLock()) {
			waiting();
			local.lock();
		}
		try {
			FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
			try {
				FileLock lock = channel.tryLock();
				if (lock == null) {
					waiting();
					lock = channel.lock();
				}
				return new DirectoryLock(channel, lock, local);
			}
			catch (IOException | RuntimeException ex) {
				channel.close();
				throw ex;
			}
		}
		catch (IOException | RuntimeException ex) {
			local.unlock();
			throw ex;
		}
	}

	/** A wait that would otherwise look like a hang. */
	private void waiting() {
		log.info("Waiting for another run writing {} to finish", directory);
	}

	/**
	 * A fresh staging directory of this attempt's own (see {@link StagingArea}); what
	 * crashed attempts left in staging is removed first. Call it holding {@link #lock()}:
	 * then no other writer's staging directory can be there.
	 */
	public Path createStaging(long executionId) throws IOException {
		return staging.create(executionId);
	}

	/**
	 * Removes a staging directory whose files will not be published; a failure to remove
	 * it is logged, not thrown, so that it never hides why the files were not written.
	 */
	public void discard(Path staging) {
		this.staging.discard(staging);
	}

	/**
	 * Moves every staged file into place and removes the staging directory; answers the
	 * final paths.
	 */
	public List<Path> publish(Path staging) throws IOException {
		return this.staging.publish(staging);
	}

	/**
	 * Removes the report's folder, the previews beside it and what crashed attempts left
	 * in staging, unless something in the folder was written after {@code writtenBy}:
	 * then it holds a later run's files (of this job repository or another). Call it
	 * holding {@link #lock()}, so that no writer is in the folder. The lock's file stays
	 * (see {@link #lockFile()}); so do the account's and report's directories, which a
	 * writer may be creating at this moment. Answers whether the folder is gone.
	 */
	public boolean remove(Instant writtenBy) throws IOException {
		if (Files.isDirectory(directory) && writtenAfter(directory, writtenBy)) {
			return false;
		}
		FileSystemUtils.deleteRecursively(previewFile().getParent());
		FileSystemUtils.deleteRecursively(digestDirectory());
		FileSystemUtils.deleteRecursively(directory);
		staging.removeLeftovers();
		return true;
	}

	private static boolean writtenAfter(Path folder, Instant time) throws IOException {
		try (Stream<Path> files = Files.walk(folder)) {
			for (Path file : (Iterable<Path>) files::iterator) {
				if (!file.equals(folder) && Files.getLastModifiedTime(file).toInstant().isAfter(time)) {
					return true;
				}
			}
		}
		return false;
	}

	/** The lock of a report's directory, held until closed. */
	public static final class DirectoryLock implements AutoCloseable {

		private final FileChannel channel;

		private final FileLock lock;

		private final ReentrantLock local;

		private DirectoryLock(FileChannel channel, FileLock lock, ReentrantLock local) {
			this.channel = channel;
			this.lock = lock;
			this.local = local;
		}

		@Override
		public void close() throws IOException {
			try {
				lock.release();
				channel.close();
			}
			finally {
				local.unlock();
			}
		}

	}

}
