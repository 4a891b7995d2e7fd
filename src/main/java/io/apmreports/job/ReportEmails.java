package io.apmreports.job;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.stereotype.Component;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.delivery.Attachments;
import io.apmreports.delivery.DeliveryProperties;
import io.apmreports.delivery.ReportEmail;
import io.apmreports.output.ReportFiles;
import io.apmreports.range.TimeRange;

/**
 * Puts a completed run's e-mail together from what the run left: its definition's subject and text, its published
 * files, and the summary from its tables. Delivery and preview both use it, so a preview shows what is sent.
 */
@Component
class ReportEmails {

	private final ReportStore store;

	private final ReportDefinitions definitions;

	private final DeliveryProperties properties;

	private final Clock clock;

	ReportEmails(ReportStore store, ReportDefinitions definitions, DeliveryProperties properties, Clock clock) {
		this.store = store;
		this.definitions = definitions;
		this.properties = properties;
		this.clock = clock;
	}

	/** The files to attach: the published files, or one zip of them when they are too large together. */
	Attachments attachments(JobExecution execution) throws IOException {
		return Attachments.of(ReportLauncher.files(execution), properties.zipAbove(), files(execution).archiveName());
	}

	ReportEmail email(JobExecution execution, List<Path> attachments) {
		JobParameters parameters = execution.getJobParameters();
		ReportDefinition definition = definitions.load(parameters.getString(ReportRun.REPORT));
		TimeRange range = ReportRun.range(parameters);
		String rangeText = range.describe(definition.timeZone());
		Map<String, String> values = Map.of("title", definition.title(), "report", definition.name(), "range",
				rangeText);
		return new ReportEmail(definition.name(), ReportRun.identity(parameters),
				definition.email().subject(values), definition.email().body(values), rangeText,
				store.emailSummary(execution.getJobInstance().getInstanceId(), properties.summaryRows()),
				attachments);
	}

	/** Where the run's files are. */
	Path directory(JobExecution execution) {
		return files(execution).directory();
	}

	/** Where a preview of the run's e-mail goes: beside its files. */
	Path previewFile(JobExecution execution) {
		ReportFiles files = files(execution);
		return files.directory().resolve(files.emailName());
	}

	Instant now() {
		return clock.instant();
	}

	private ReportFiles files(JobExecution execution) {
		JobParameters parameters = execution.getJobParameters();
		ReportDefinition definition = definitions.load(parameters.getString(ReportRun.REPORT));
		return new ReportFiles(Path.of(parameters.getString(ReportRun.OUTPUT_DIR)), definition.name(),
				ReportRun.range(parameters), definition.timeZone());
	}

}
