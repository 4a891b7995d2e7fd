package io.apmreports.job;

import java.nio.file.Path;

import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

import io.apmreports.range.TimeRange;

/**
 * One run of a report: which report over which range. Report, from and to identify the job instance, so launching
 * the same report and range again continues a failed run instead of starting over; nothing secret goes in.
 *
 * @param report the report's name
 * @param source which account the figures come from: the service's base URL, or {@code demo}; identifying, so that a
 * demo run never passes for the real report of the same range
 * @param range the range every figure covers
 * @param outputDir where the files go (not identifying: a restart may write elsewhere)
 * @param forcedAt for a forced re-run of a completed report, a discriminator that makes a new instance; else null
 */
public record ReportRun(String report, String source, TimeRange range, Path outputDir, String forcedAt) {

	static final String REPORT = "report";

	static final String SOURCE = "source";

	static final String FROM = "from";

	static final String TO = "to";

	static final String OUTPUT_DIR = "output.dir";

	static final String FORCED_AT = "forced.at";

	JobParameters toJobParameters() {
		JobParametersBuilder builder = new JobParametersBuilder().addString(REPORT, report)
			.addString(SOURCE, source)
			.addString(FROM, TimeRange.format(range.from()))
			.addString(TO, TimeRange.format(range.to()))
			.addString(OUTPUT_DIR, outputDir.toAbsolutePath().normalize().toString(), false);
		if (forcedAt != null) {
			builder.addString(FORCED_AT, forcedAt);
		}
		return builder.toJobParameters();
	}

	static TimeRange range(JobParameters jobParameters) {
		return TimeRange.parse(jobParameters.getString(FROM), jobParameters.getString(TO));
	}

}
