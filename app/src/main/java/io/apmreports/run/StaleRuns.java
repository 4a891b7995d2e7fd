package io.apmreports.run;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Objects;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.stereotype.Component;

import io.apmreports.failure.RunFailedException;
import io.apmreports.job.CurrentRun;
import io.apmreports.job.ReportProperties;
import io.apmreports.job.RunOwner;

/**
 * A run killed with SIGKILL (or by a reboot) stays STARTED in the job repository. It is
 * recovered, so that it can be restarted from its last committed chunk, at once when its
 * process was on this host and is gone; otherwise only once it has gone without an update
 * for {@code report.recover-after}: a run that is still alive on another node is never
 * taken over.
 */
@Component
class StaleRuns {

	private static final Logger log = LoggerFactory.getLogger(StaleRuns.class);

	private final JobOperator jobOperator;

	private final Clock clock;

	private final Duration recoverAfter;

	StaleRuns(JobOperator jobOperator, Clock clock, ReportProperties properties) {
		this.jobOperator = jobOperator;
		this.clock = clock;
		this.recoverAfter = properties.recoverAfter();
	}

	/**
	 * Recovers {@code execution} if it is a dead run; refuses with one line if it may
	 * still be alive.
	 */
	void recoverIfDead(JobExecution execution) {
		if (execution == null || !execution.isRunning()) {
			return;
		}
		LocalDateTime lastUpdate = execution.getLastUpdated() != null ? execution.getLastUpdated()
				: execution.getCreateTime();
		Optional<Long> deadOwner = RunOwner.deadOnThisHost(CurrentRun.owner(execution));
		if (deadOwner.isPresent()) {
			log.info("Recovering run {}: it was left {} by process {} of this host, which is gone", execution.getId(),
					execution.getStatus(), deadOwner.get());
			jobOperator.recover(execution);
			return;
		}
		if (isStale(lastUpdate, LocalDateTime.now(clock), recoverAfter)) {
			log.info("Recovering run {}: it was left {} by a process that stopped updating it at {}", execution.getId(),
					execution.getStatus(), lastUpdate);
			jobOperator.recover(execution);
			return;
		}
		String owner = Objects.requireNonNullElse(CurrentRun.owner(execution), "another process");
		throw new RunFailedException("run " + execution.getId() + " of this report and range is still going in " + owner
				+ " (last update " + lastUpdate + "); if that process is gone, it is recovered once it has gone "
				+ "report.recover-after (" + recoverAfter + ") without an update, or abandon it with 'abandon "
				+ execution.getId() + "'", null);
	}

	static boolean isStale(LocalDateTime lastUpdate, LocalDateTime now, Duration recoverAfter) {
		return !lastUpdate.plus(recoverAfter).isAfter(now);
	}

}
