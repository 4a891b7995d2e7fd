package io.apmreports.job;

import java.nio.file.Path;
import java.time.Duration;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import io.apmreports.source.FetchConcurrency;

/**
 * Settings of report runs ({@code report.*}).
 *
 * @param definitions the directory of report definitions
 * @param outputDir where report files go, under {@code <report>/<account>/<from>_<to>/}
 * @param chunkSize applications per committed chunk: what a restart may have to fetch
 * again at most
 * @param maxFailedShare the share of failed applications above which a run ends FAILED
 * and writes nothing
 * @param recoverAfter how long a run may go without an update before it counts as killed
 * and is recovered; long enough that a live run on another node is never taken over
 * @param concurrency applications fetched at the same time: the REST source reads it as
 * its {@link FetchConcurrency}
 * @param progressInterval how often a long fetch says how it is going
 * @param lockAtMostFor how long the lock of a run outlives a process that died holding
 * it; a live process keeps extending it
 * @param dataDir the H2 job repository's directory (and the log file's): H2 takes a
 * relative path only when it says so with a leading {@code ./}. Its default is in
 * application.yml, which builds the H2 URL and the log file's name from it and still
 * takes {@code apm.data-dir}, its name before it was a setting of the run
 * @param keepFor how long completed runs are kept (their folders and their rows in the
 * job repository); {@code null}, the default, keeps every run
 * @param ingestEstimatesKeepFor how long the daily byte estimates the cost report
 * allocates by are kept: not a run's rows, they outlive {@code keep-for}
 * @param historyKeepFor how long the kept history holds a period's figures (see
 * {@code io.apmreports.history}): not a run's rows, it outlives {@code keep-for}, long
 * enough for a year of months and the 12 periods a report draws
 * @param eventRetentionDays how many days the vendor keeps the organisation's APM events
 * (8 on the original data option, 98 on Data Plus): an organisation's property, so a
 * setting of the process, which a definition's {@code cost.event-retention-days}
 * overrides
 */
@ConfigurationProperties("report")
@Validated
public record ReportProperties(@DefaultValue("reports") @NotNull Path definitions,
		@DefaultValue("output") @NotNull Path outputDir, @DefaultValue("200") @Min(1) int chunkSize,
		@DefaultValue("0.1") @DecimalMin(value = "0", message = SHARE) @DecimalMax(value = "1",
				message = SHARE) double maxFailedShare,
		// 0 recovers a run left STARTED at once: for a single node whose process is known
		// to be gone
		@DefaultValue("10m") @NotNull @DurationMin(nanos = 0) Duration recoverAfter,
		@DefaultValue("8") @Min(1) int concurrency,
		@DefaultValue("5s") @NotNull @DurationMin(nanos = 0, inclusive = false) Duration progressInterval,
		// the lock is extended every half of it: shorter than this and a slow database
		// round trip loses it
		@DefaultValue("2m") @NotNull @DurationMin(seconds = 30) Duration lockAtMostFor,
		@NotNull @Pattern(regexp = EXPLICIT_PATH,
				message = "must be an absolute path, or start with ./ for one relative to the working directory") String dataDir,
		// a day at least: a run outlives the hours in which someone delivers or previews
		// it, or launches its range again and is told it completed
		@DurationMin(days = 1) Duration keepFor,
		// a year and a month: the cost report compares a month with the same month a
		// year before, whose split these estimates are
		@DefaultValue("400d") @NotNull @DurationMin(days = 1) Duration ingestEstimatesKeepFor,
		@DefaultValue("400d") @NotNull @DurationMin(days = 1) Duration historyKeepFor,
		@DefaultValue("8") @Min(value = 1, message = RETENTION) @Max(value = 400,
				message = RETENTION) int eventRetentionDays)
		implements
			FetchConcurrency {

	private static final String SHARE = "must be from 0 to 1";

	private static final String RETENTION = "must be a number of days from 1 to 400: the vendor keeps APM events 8 "
			+ "days with the original data option, 98 with Data Plus";

	/**
	 * What H2 takes as a file database's directory: absolute, or explicitly relative
	 * ({@code ./}, {@code ../}).
	 */
	static final String EXPLICIT_PATH = "([/\\\\]|[A-Za-z]:|\\.\\.?([/\\\\]|$)).*";

}
