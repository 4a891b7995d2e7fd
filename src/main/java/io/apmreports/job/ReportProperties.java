package io.apmreports.job;

import java.nio.file.Path;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import io.apmreports.UserFacingException;

/**
 * Settings of report runs ({@code report.*}).
 *
 * @param definitions the directory of report definitions
 * @param outputDir where report files go, under {@code <report>/<from>_<to>/}
 * @param chunkSize applications per committed chunk: what a restart may have to fetch again at most
 * @param maxFailedShare the share of failed applications above which a run ends FAILED and writes nothing
 * @param recoverAfter how long a run may go without an update before it counts as killed and is recovered; long
 * enough that a live run on another node is never taken over
 * @param concurrency applications fetched at the same time
 * @param progressInterval how often a long fetch says how it is going
 * @param lockAtMostFor how long the lock of a run outlives a process that died holding it; a live process keeps
 * extending it
 */
@ConfigurationProperties("report")
public record ReportProperties(@DefaultValue("reports") Path definitions, @DefaultValue("output") Path outputDir,
		@DefaultValue("200") int chunkSize, @DefaultValue("0.1") double maxFailedShare,
		@DefaultValue("10m") Duration recoverAfter, @DefaultValue("8") int concurrency,
		@DefaultValue("5s") Duration progressInterval, @DefaultValue("2m") Duration lockAtMostFor) {

	public ReportProperties {
		if (chunkSize < 1) {
			throw new UserFacingException("report.chunk-size must be at least 1, not " + chunkSize);
		}
		if (concurrency < 1) {
			throw new UserFacingException("report.concurrency must be at least 1, not " + concurrency);
		}
		if (lockAtMostFor.compareTo(Duration.ofSeconds(30)) < 0) {
			// the lock is extended every half of it: shorter than this and a slow database round trip loses it
			throw new UserFacingException("report.lock-at-most-for must be at least 30s, not "
					+ lockAtMostFor);
		}
		if (maxFailedShare < 0 || maxFailedShare > 1) {
			throw new UserFacingException("report.max-failed-share must be from 0 to 1, not "
					+ maxFailedShare);
		}
	}

}
