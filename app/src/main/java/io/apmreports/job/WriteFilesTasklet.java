package io.apmreports.job;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.failure.FullDisk;
import io.apmreports.failure.RunFailedException;
import io.apmreports.definition.ReportFormat;
import io.apmreports.range.TimeRange;
import io.apmreports.report.Fanout;
import io.apmreports.report.ReportContent;
import io.apmreports.report.ReportFiles;
import io.apmreports.report.ReportHeader;
import io.apmreports.source.Accounts;
import io.apmreports.report.ReportSink;
import io.apmreports.report.csv.CsvReportSinks;
import io.apmreports.report.pdf.PdfReportWriter;
import io.apmreports.report.picture.ChartPictures;
import io.apmreports.report.xlsx.XlsxReportWriter;

/**
 * Streams the staged figures into the report's files in one pass per table, under a
 * staging directory, and moves them into place only when every file is complete; then
 * writes the run's digest, which every message renders from. Run again after a crash, it
 * rewrites everything from the tables.
 */
class WriteFilesTasklet implements Tasklet {

	private static final Logger log = LoggerFactory.getLogger(WriteFilesTasklet.class);

	private final ReportContent content;

	private final LaunchedRun launched;

	private final ReportDefinition definition;

	private final TimeRange range;

	private final Accounts accounts;

	private final Clock clock;

	private final RunDigests digests;

	WriteFilesTasklet(ReportContent content, LaunchedRun launched, Clock clock, RunDigests digests) {
		this.digests = digests;
		this.content = content;
		this.launched = launched;
		this.definition = launched.definition();
		this.range = launched.run().range();
		this.accounts = launched.run().accounts();
		this.clock = clock;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) throws IOException {
		var stepExecution = chunkContext.getStepContext().getStepExecution();
		var jobExecution = stepExecution.getJobExecution();
		long instanceId = launched.instanceId();
		ReportFiles files = launched.files();
		List<Path> published;
		ReportContent.Streamed streamed;
		// another run writing the same directory (from another job repository) finishes
		// first
		try (ReportFiles.DirectoryLock lock = files.lock()) {
			Path staging = files.createStaging(stepExecution.getId());
			try {
				streamed = write(staging, files, jobExecution, instanceId, contribution);
				published = files.publish(staging);
			}
			catch (IOException | RuntimeException ex) {
				files.discard(staging);
				throw ex;
			}
			RunResults.putFiles(jobExecution.getExecutionContext(), published);
			// once, with the files: every message of the run is rendered from it
			digests.write(launched, streamed);
		}
		catch (IOException | RuntimeException ex) {
			if (FullDisk.in(ex)) {
				throw new RunFailedException(FullDisk.line(files.directory().toString()), ex);
			}
			throw ex;
		}
		log.info("Wrote {} rows to {}", contribution.getWriteCount(), files.directory());
		return RepeatStatus.FINISHED;
	}

	private ReportContent.Streamed write(Path staging, ReportFiles files, JobExecution jobExecution, long instanceId,
			StepContribution contribution) throws IOException {
		List<ReportSink> sinks = openSinks(staging, files, RunResults.idsNotFoundNote(jobExecution, accounts),
				definition.scope(launched.run().team(), accounts.several()));
		try {
			ReportRun run = launched.run();
			ReportContent.Streamed streamed = content.stream(instanceId, definition, range, accounts, digests.busiest(),
					new Fanout(sinks), RecordHistoryTasklet.key(run));
			contribution.incrementWriteCount(streamed.rows());
			return streamed;
		}
		finally {
			closeAll(sinks);
		}
	}

	private List<ReportSink> openSinks(Path staging, ReportFiles files, String selectionNote, String scope)
			throws IOException {
		List<ReportSink> sinks = new ArrayList<>();
		try {
			openSinks(staging, files, selectionNote, scope, sinks);
			return sinks;
		}
		catch (IOException | RuntimeException ex) {
			closeAll(sinks);
			throw ex;
		}
	}

	private void openSinks(Path staging, ReportFiles files, String selectionNote, String scope, List<ReportSink> sinks)
			throws IOException {
		if (definition.formats().contains(ReportFormat.CSV)) {
			sinks.addAll(CsvReportSinks.open(staging, definition.sections(), definition.groupBy()));
		}
		ReportHeader header = new ReportHeader(definition.title(), definition.name(), accounts.describe(), range,
				definition.timeZone(),
				OffsetDateTime.now(clock.withZone(definition.timeZone())).truncatedTo(ChronoUnit.SECONDS),
				selectionNote, scope, definition.thresholds());
		if (definition.formats().contains(ReportFormat.XLSX)) {
			sinks.add(new XlsxReportWriter(staging.resolve(files.workbookName()), header, definition.sections(),
					definition.groupBy(), accounts.several()));
		}
		if (definition.formats().contains(ReportFormat.PDF)) {
			sinks.add(new PdfReportWriter(staging.resolve(files.pdfName()), header,
					data -> ChartPictures.render(data, definition.timeZone(), definition.thresholds())));
		}
	}

	private static void closeAll(List<ReportSink> sinks) throws IOException {
		IOException failure = null;
		for (ReportSink sink : sinks) {
			try {
				sink.close();
			}
			catch (IOException ex) {
				failure = ex;
			}
		}
		if (failure != null) {
			throw failure;
		}
	}

}
