package io.apmreports.run;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.launch.JobExecutionAlreadyRunningException;
import org.springframework.batch.core.launch.JobInstanceAlreadyCompleteException;
import org.springframework.batch.core.launch.JobRestartException;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.stereotype.Component;

import io.apmreports.failure.Failures;
import io.apmreports.failure.FullDisk;
import io.apmreports.failure.RunFailedException;
import io.apmreports.failure.UserFacingException;
import io.apmreports.range.TimeRange;

/**
 * Launches or restarts holding the run's lock, so that of several processes only one
 * starts it. The loser, and a process that meets the job repository's own guard against a
 * double start, gets {@code BUSY}: another process won, and nothing is wrong.
 */
@Component
class ExclusiveLaunch {

	private static final Logger log = LoggerFactory.getLogger(ExclusiveLaunch.class);

	/**
	 * Tries of a launch that the database refused as conflicting with another node's
	 * transaction.
	 */
	private static final int SERIALIZATION_ATTEMPTS = 3;

	private final RunLock runLock;

	private final String repositoryUrl;

	ExclusiveLaunch(RunLock runLock, DataSourceProperties repository) {
		this.runLock = runLock;
		this.repositoryUrl = Objects.requireNonNullElse(repository.getUrl(), "");
	}

	/**
	 * @param lockIdentity what the lock is taken on: the run's report, range and account
	 * @param what the run in words, for the lines a user reads
	 * @param lastExecution the run's latest execution id, to tell whether a refused try
	 * created one
	 */
	ReportOutcome call(String lockIdentity, TimeRange range, String what, Supplier<Long> lastExecution,
			Callable<ReportOutcome> launch) {
		ReportOutcome busy = new ReportOutcome(ReportOutcome.Result.BUSY, null, range, List.of(),
				what + " is being run by another process right now", null);
		try {
			return runLock.callExclusively(lockIdentity, () -> launchRetryingConflicts(launch, lastExecution))
				.orElse(busy);
		}
		catch (UserFacingException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			Throwable failure = ex instanceof LaunchException ? ex.getCause() : ex;
			if (Failures.find(failure, JobExecutionAlreadyRunningException.class).isPresent()) {
				return busy;
			}
			if (FullDisk.in(failure)) {
				// it may have started and stopped half-way: the line says neither
				throw new RunFailedException(what + ": " + FullDisk.describe(failure, repositoryFile()).orElseThrow(),
						failure);
			}
			throw new RunFailedException(what + " could not start: " + whyNotStarted(failure), failure);
		}
	}

	/**
	 * The job repository's H2 file, or {@code null} for a database elsewhere: H2 names
	 * none when it cannot write, and a full disk is told with its place.
	 */
	private Path repositoryFile() {
		String prefix = "jdbc:h2:";
		if (!repositoryUrl.regionMatches(true, 0, prefix, 0, prefix.length())) {
			return null;
		}
		String name = repositoryUrl.substring(prefix.length()).split(";", 2)[0].replaceFirst("(?i)^file:", "");
		return name.contains(":") ? null : Path.of(name + ".mv.db").toAbsolutePath().normalize();
	}

	/**
	 * Why the job repository refused a launch or restart, in the project's words: its own
	 * messages name its classes and parameters. What it cannot be goes to the log file.
	 */
	static String whyNotStarted(Throwable failure) {
		if (Failures.find(failure, JobInstanceAlreadyCompleteException.class).isPresent()) {
			return "it completed or was abandoned meanwhile (see 'runs')";
		}
		if (Failures.find(failure, JobRestartException.class).isPresent()) {
			return "its last attempt cannot be continued (see 'runs'); abandon it and run the report afresh";
		}
		return Failures.forUser(failure);
	}

	/**
	 * Launches, trying again when the database refused to serialise the job repository's
	 * transaction with another node's (PostgreSQL's SQLSTATE 40001, a deadlock or a lock
	 * timeout) before any execution was created: under the lock no other node launches
	 * this run, so the conflict was with another run's, and a second try goes through. A
	 * conflict after the run has started is not tried again: its execution tells what
	 * happened.
	 */
	private static ReportOutcome launchRetryingConflicts(Callable<ReportOutcome> launch, Supplier<Long> lastExecution) {
		for (int attempt = 1;; attempt++) {
			Long before = lastExecution.get();
			try {
				return launch.call();
			}
			catch (Exception ex) {
				boolean again = attempt < SERIALIZATION_ATTEMPTS && isSerializationConflict(ex)
						&& Objects.equals(before, lastExecution.get());
				if (!again) {
					throw ex instanceof RuntimeException runtime ? runtime : new LaunchException(ex);
				}
				log.info("The job repository refused a launch as conflicting with another node's; trying again");
				pauseBeforeRetry();
			}
		}
	}

	/**
	 * A short, random pause, so that two nodes that conflicted do not conflict again at
	 * once.
	 */
	private static void pauseBeforeRetry() {
		try {
			Thread.sleep(ThreadLocalRandom.current().nextLong(50, 500));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	static boolean isSerializationConflict(Throwable failure) {
		return Failures
			.first(failure,
					cause -> cause instanceof PessimisticLockingFailureException || cause instanceof SQLException sql
							&& ("40001".equals(sql.getSQLState()) || "40P01".equals(sql.getSQLState())))
			.isPresent();
	}

	/** Carries a checked launch failure through the lock. */
	private static final class LaunchException extends RuntimeException {

		LaunchException(Exception cause) {
			super(cause);
		}

	}

}
