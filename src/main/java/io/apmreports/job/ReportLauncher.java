package io.apmreports.job;

import java.nio.file.Path;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.launch.JobExecutionAlreadyRunningException;
import org.springframework.batch.core.launch.JobInstanceAlreadyCompleteException;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import io.apmreports.apm.ApmEndpoint;

import io.apmreports.UserFacingException;
import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.range.TimeRange;

/**
 * Starts a report run: resolves the range, launches the job with identifying parameters (so the same report and
 * range continues a failed run), and turns the execution into an outcome the command line can print.
 */
@Component
public class ReportLauncher {

	private static final Logger log = LoggerFactory.getLogger(ReportLauncher.class);

	private final JobOperator jobOperator;

	private final Job reportJob;

	private final ReportDefinitions definitions;

	private final ReportProperties properties;

	private final Clock clock;

	private final ObjectProvider<ApmEndpoint> endpoint;

	private final boolean demo;

	ReportLauncher(JobOperator jobOperator, Job reportJob, ReportDefinitions definitions, ReportProperties properties,
			Clock clock, ObjectProvider<ApmEndpoint> endpoint, @Value("${apm.demo:false}") boolean demo) {
		this.endpoint = endpoint;
		this.demo = demo;
		this.jobOperator = jobOperator;
		this.reportJob = reportJob;
		this.definitions = definitions;
		this.properties = properties;
		this.clock = clock;
	}

	public ReportOutcome launch(ReportRequest request) {
		ReportDefinition definition = definitions.load(request.report());
		TimeRange range = range(request, definition, clock);
		// resolve the endpoint (key, base URL) now, so that a missing key is one line before any job is recorded
		String source = demo ? "demo" : endpoint.getObject().baseUrl().toString();
		Path outputDir = request.outputDir() != null ? request.outputDir()
				: demo ? properties.outputDir().resolve("demo") : properties.outputDir();
		String forcedAt = request.force() ? clock.instant().toString() : null;
		ReportRun run = new ReportRun(definition.name(), source, range, outputDir, forcedAt);
		log.info("Running report {} for {}", definition.name(), range);
		try {
			return outcome(jobOperator.start(reportJob, run.toJobParameters()), range);
		}
		catch (JobInstanceAlreadyCompleteException ex) {
			return new ReportOutcome(ReportOutcome.Result.ALREADY_COMPLETED, null, range, List.of(), "report "
					+ definition.name() + " for " + range + " completed before; add --force to run it again");
		}
		catch (JobExecutionAlreadyRunningException ex) {
			throw new UserFacingException("report " + definition.name() + " for " + range
					+ " is running, or its last run was killed and never ended");
		}
		catch (Exception ex) {
			throw new UserFacingException("report " + definition.name() + " could not start: " + ex.getMessage(), ex);
		}
	}

	/** The explicit range if given, otherwise the definition's named range before now, in the report's zone. */
	static TimeRange range(ReportRequest request, ReportDefinition definition, Clock clock) {
		if (request.from() == null && request.to() == null) {
			return definition.range().lastBefore(ZonedDateTime.now(clock.withZone(definition.timeZone())));
		}
		if (request.from() == null || request.to() == null) {
			throw new UserFacingException("give both --from and --to, or neither for the report's "
					+ definition.range() + " range");
		}
		return TimeRange.parse(request.from(), request.to());
	}

	private static ReportOutcome outcome(JobExecution execution, TimeRange range) {
		if (execution.getStatus() == BatchStatus.COMPLETED) {
			String files = execution.getExecutionContext().getString(WriteFilesTasklet.FILES_KEY, "");
			List<Path> paths = files.isEmpty() ? List.of() : Arrays.stream(files.split("\n")).map(Path::of).toList();
			return new ReportOutcome(ReportOutcome.Result.COMPLETED, execution.getId(), range, paths, null);
		}
		return new ReportOutcome(ReportOutcome.Result.FAILED, execution.getId(), range, List.of(),
				failureMessage(execution));
	}

	/** The first failure a user can act on, in one line; anything else points to the log. */
	static String failureMessage(JobExecution execution) {
		for (Throwable failure : execution.getAllFailureExceptions()) {
			for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
				if (cause instanceof UserFacingException) {
					return cause.getMessage();
				}
			}
		}
		return execution.getAllFailureExceptions()
			.stream()
			.findFirst()
			.map(ex -> "unexpected error " + ex.getClass().getSimpleName() + " (details in the log file)")
			.orElse("the run ended " + execution.getStatus());
	}

}
