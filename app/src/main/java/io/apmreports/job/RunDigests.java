package io.apmreports.job;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.stereotype.Component;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.Section;
import io.apmreports.definition.SendWhen;
import io.apmreports.delivery.Attachments;
import io.apmreports.delivery.DeliveryProperties;
import io.apmreports.range.TimeRange;
import io.apmreports.report.ChartData;
import io.apmreports.report.Overview;
import io.apmreports.report.PeriodWords;
import io.apmreports.report.ReportContent;
import io.apmreports.report.ReportFiles;
import io.apmreports.report.digest.DigestJson;
import io.apmreports.report.digest.RunDigest;
import io.apmreports.report.picture.ChartPicture;
import io.apmreports.report.picture.ChartPictures;

/**
 * A run's digest: put together once from its tables, definition and files when the files
 * are written, and kept with the run, its text in the run's execution context (which a
 * restart carries on; Spring Batch saves it when the step that wrote the files ends) and
 * its pictures and zip in a folder of its job instance, in a hidden folder beside the
 * run's: a forced re-run of the same range writes the same report folder, but never
 * another run's pictures. Delivery, {@code deliver} and {@code preview} read the kept
 * digest and never the tables again; a run whose digest was not saved (the process died
 * as its step ended, or an earlier version wrote it) is put together from its tables.
 */
@Component
public class RunDigests {

	private static final String KEY = "report.digest";

	private final ReportContent content;

	private final DeliveryProperties properties;

	RunDigests(ReportContent content, DeliveryProperties properties) {
		this.content = content;
		this.properties = properties;
	}

	/** Puts the run's digest together and keeps it with the run. */
	void write(LaunchedRun launched, ReportContent.Streamed streamed) throws IOException {
		RunDigest digest = build(launched, streamed.overview(), streamed.charts());
		Path folder = folder(launched);
		Files.createDirectories(folder);
		for (ChartPicture chart : digest.charts()) {
			Files.write(folder.resolve(chart.fileName()), chart.png());
		}
		launched.execution().getExecutionContext().putString(KEY, DigestJson.write(digest));
	}

	/**
	 * The run's digest as it was kept; put together afresh only for a run whose files
	 * were written before runs kept one. Files that are gone stop the delivery with one
	 * line rather than a message going out without them.
	 */
	public RunDigest of(LaunchedRun launched) throws IOException {
		RunDigest digest = kept(launched);
		Optional<Path> missing = Stream
			.concat(digest.files().stream().map(RunDigest.WrittenFile::path), digest.attachments().stream())
			.filter(file -> !Files.isRegularFile(file))
			.findFirst();
		if (missing.isPresent()) {
			throw missing(missing.get());
		}
		return digest;
	}

	/**
	 * Why the run's report is not sent under {@code when}; empty when it is. Its files
	 * need not be there for that.
	 */
	public Optional<String> notSent(LaunchedRun launched, SendWhen when) throws IOException {
		// always sends: nothing of the digest, nor its pictures, needs reading to say so
		return when.always() ? Optional.empty() : Optional.ofNullable(kept(launched).notSent(when));
	}

	/**
	 * The digest a run kept, without its pictures: what a page shows of its figures.
	 * Empty for a run that kept none (it wrote no files, or an earlier version ran it),
	 * which a page tells rather than reading the run's tables again.
	 */
	public static Optional<RunDigest> keptText(JobExecution execution) {
		String json = execution.getExecutionContext().getString(KEY, "");
		return json.isEmpty() ? Optional.empty() : Optional.of(DigestJson.read(json, name -> new byte[0]));
	}

	private RunDigest kept(LaunchedRun launched) throws IOException {
		String json = launched.execution().getExecutionContext().getString(KEY, "");
		return json.isEmpty() ? fresh(launched) : stored(json, folder(launched));
	}

	private static RunDigest stored(String json, Path folder) {
		try {
			return DigestJson.read(json, name -> {
				try {
					return Files.readAllBytes(folder.resolve(name));
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			});
		}
		catch (UncheckedIOException ex) {
			if (ex.getCause() instanceof NoSuchFileException gone) {
				throw missing(Path.of(gone.getFile()));
			}
			throw ex;
		}
	}

	private static MissingFilesException missing(Path file) {
		return new MissingFilesException("the report files to send are not all there (" + file
				+ " is missing); run the report again with --force");
	}

	/** Where the pictures and the zip of the run's job instance are. */
	private static Path folder(LaunchedRun launched) {
		return launched.files().digestDirectory().resolve(String.valueOf(launched.instanceId()));
	}

	/** How many of the busiest applications a message shows. */
	int busiest() {
		return properties.summaryRows();
	}

	/** The digest of a run written before runs kept one, from its tables. */
	private RunDigest fresh(LaunchedRun launched) throws IOException {
		ReportDefinition definition = launched.definition();
		return build(launched,
				content.overview(launched.instanceId(), definition, launched.run().range(), busiest(),
						launched.run().accounts()),
				definition.has(Section.CHARTS) ? content.charts(launched.instanceId()) : null);
	}

	private RunDigest build(LaunchedRun launched, Overview overview, ChartData chartData) throws IOException {
		ReportRun run = launched.run();
		ReportDefinition definition = launched.definition();
		ReportFiles files = launched.files();
		List<Path> published = MessageFiles.publishedFiles(launched.execution(), files.directory());
		List<Path> attachments = Attachments.of(MessageFiles.chosen(definition, files, published),
				properties.zipAbove(), folder(launched).resolve(files.archiveName()));
		TimeRange range = run.range();
		long instanceId = launched.instanceId();
		String rangeText = range.describe(definition.timeZone());
		String account = run.accounts().describe();
		Map<String, String> values = Map.of("title", definition.title(), "report", definition.name(), "range",
				rangeText, "account", account);
		List<ChartPicture> charts = chartData == null ? List.of()
				: ChartPictures.render(chartData, definition.timeZone(), definition.thresholds());
		List<RunDigest.WrittenFile> written = published.stream().map(RunDigests::written).toList();
		return new RunDigest(definition.name(), run.messageIdentity(), definition.title(),
				definition.email().subject(values), intro(definition.email().body(values), launched), rangeText,
				account, PeriodWords.of(range, definition.timeZone()).against(), overview, charts, attachments,
				definition.scope(run.team(), run.accounts().several()), MessageFiles.filesAt(definition, files),
				definition.filesLink() == null, written, content.sendFacts(instanceId, overview));
	}

	private static RunDigest.WrittenFile written(Path file) {
		try {
			return new RunDigest.WrittenFile(file, Files.size(file));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The definition's text, then what readers should know of the selection. */
	private static String intro(String body, LaunchedRun launched) {
		String note = RunResults.idsNotFoundNote(launched.execution(), launched.run().accounts());
		return note == null ? body : body + "\n\n" + note;
	}

}
