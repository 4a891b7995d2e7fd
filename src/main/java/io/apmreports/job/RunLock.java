package io.apmreports.job;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
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

import org.springframework.beans.factory.DisposableBean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * A lock in the job repository's database around every launch and restart of a run, so that of several processes
 * (scheduler nodes, or a node and someone at the command line) only one starts a given report and range. The job
 * repository alone does not ensure that: Spring Batch 6.0.4 lets two processes restart the same failed instance at
 * once. The lock is held while the run goes on and kept alive, and it lapses {@code report.lock-at-most-for} after
 * its holder died.
 */
@Component
class RunLock implements DisposableBean {

	private final LockProvider provider;

	private final ScheduledExecutorService keepAlive;

	private final Duration lockAtMostFor;

	RunLock(DataSource dataSource, ReportProperties properties) {
		this.keepAlive = Executors.newSingleThreadScheduledExecutor(runnable -> {
			Thread thread = new Thread(runnable, "apm-reports-lock");
			thread.setDaemon(true);
			return thread;
		});
		// the database's clock, not each node's, decides when a lock has lapsed
		JdbcTemplateLockProvider jdbcProvider = new JdbcTemplateLockProvider(JdbcTemplateLockProvider.Configuration
			.builder()
			.withJdbcTemplate(new JdbcTemplate(dataSource))
			.usingDbTime()
			.build());
		this.provider = new KeepAliveLockProvider(jdbcProvider, keepAlive);
		this.lockAtMostFor = properties.lockAtMostFor();
	}

	/** Runs {@code work} holding the lock of the run {@code identity}; empty when another process holds it. */
	<T> Optional<T> callExclusively(String identity, Supplier<T> work) {
		Optional<SimpleLock> lock = provider
			.lock(new LockConfiguration(Instant.now(), name(identity), lockAtMostFor, Duration.ZERO));
		if (lock.isEmpty()) {
			return Optional.empty();
		}
		try {
			return Optional.of(work.get());
		}
		finally {
			lock.get().unlock();
		}
	}

	/** A lock name fits in 64 characters, so it is a hash of the run's identity. */
	static String name(String identity) {
		try {
			byte[] hash = MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8));
			return "report-" + HexFormat.of().formatHex(hash, 0, 24);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is part of every Java runtime", ex);
		}
	}

	@Override
	public void destroy() {
		keepAlive.shutdownNow();
	}

}
