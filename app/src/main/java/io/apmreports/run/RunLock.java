package io.apmreports.run;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;

import javax.sql.DataSource;

import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.core.SimpleLock;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import net.javacrumbs.shedlock.support.KeepAliveLockProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import io.apmreports.delivery.Digests;
import io.apmreports.failure.Failures;
import io.apmreports.job.ReportProperties;
import io.apmreports.job.RunOwner;

/**
 * A lock in the job repository's database around every launch and restart of a run, so
 * that of several processes (scheduler nodes, or a node and someone at the command line)
 * only one starts a given report and range. The job repository alone does not ensure
 * that: Spring Batch 6.0.4 lets two processes restart the same failed instance at once.
 * The lock is held while the run goes on and kept alive, and it lapses
 * {@code report.lock-at-most-for} after its holder died.
 */
@Component
class RunLock implements DisposableBean {

	private static final Logger log = LoggerFactory.getLogger(RunLock.class);

	private final LockProvider provider;

	private final ScheduledExecutorService keepAlive;

	private final Duration lockAtMostFor;

	private final JdbcTemplate jdbc;

	/**
	 * Who holds a lock: host and process, so that a lock left by a killed process on this
	 * host can be taken over.
	 */
	private final String holder;

	RunLock(DataSource dataSource, ReportProperties properties) {
		this.jdbc = new JdbcTemplate(dataSource);
		this.holder = RunOwner.current();
		this.keepAlive = Executors.newSingleThreadScheduledExecutor(runnable -> {
			Thread thread = new Thread(runnable, "apm-reports-lock");
			thread.setDaemon(true);
			return thread;
		});
		// the database's clock, not each node's, decides when a lock has lapsed
		JdbcTemplateLockProvider jdbcProvider = new JdbcTemplateLockProvider(
				JdbcTemplateLockProvider.Configuration.builder()
					.withJdbcTemplate(jdbc)
					.withLockedByValue(holder)
					.usingDbTime()
					.build());
		this.provider = new KeepAliveLockProvider(jdbcProvider, keepAlive);
		this.lockAtMostFor = properties.lockAtMostFor();
	}

	/**
	 * Runs {@code work} holding the lock of the run {@code identity}; empty when another
	 * process holds it.
	 */
	<T> Optional<T> callExclusively(String identity, Supplier<T> work) {
		String name = name(identity);
		Optional<SimpleLock> lock = lock(name);
		if (lock.isEmpty() && releaseIfHolderDied(name)) {
			lock = lock(name);
		}
		if (lock.isEmpty()) {
			return Optional.empty();
		}
		try {
			return Optional.of(work.get());
		}
		finally {
			unlock(lock.get(), name);
		}
	}

	/**
	 * An unlock that fails (the database is away) must not hide how the run ended: the
	 * lock then lapses.
	 */
	private void unlock(SimpleLock lock, String name) {
		try {
			lock.unlock();
		}
		catch (RuntimeException ex) {
			log.warn("Lock {} could not be released ({}); it lapses within report.lock-at-most-for", name,
					Failures.summary(ex));
		}
	}

	private Optional<SimpleLock> lock(String name) {
		return provider.lock(new LockConfiguration(Instant.now(), name, lockAtMostFor, Duration.ZERO));
	}

	/**
	 * Releases a lock whose holder was a process of this host that is gone (killed, or
	 * the machine rebooted), so that a relaunch after a crash need not wait for the lock
	 * to lapse. A holder on another host is left to lapse.
	 */
	private boolean releaseIfHolderDied(String name) {
		List<String> holders = jdbc.queryForList("SELECT locked_by FROM shedlock WHERE name = ?", String.class, name);
		if (holders.isEmpty()) {
			return false;
		}
		String lockedBy = holders.get(0);
		Optional<Long> dead = RunOwner.deadOnThisHost(lockedBy);
		if (dead.isEmpty()) {
			return false;
		}
		log.info("Taking over the lock of a run from process {} of this host, which is gone", dead.get());
		// lapsed rather than deleted: ShedLock, having seen the row, only ever updates it
		// from now on
		return jdbc.update("UPDATE shedlock SET lock_until = locked_at WHERE name = ? AND locked_by = ?", name,
				lockedBy) == 1;
	}

	/** A lock name fits in 64 characters, so it is a hash of the run's identity. */
	static String name(String identity) {
		return "report-" + Digests.sha256Hex(identity, 24);
	}

	@Override
	public void destroy() {
		keepAlive.shutdownNow();
	}

}
