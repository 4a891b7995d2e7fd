package io.apmreports.job;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.stereotype.Component;
import org.springframework.web.util.UriUtils;

import io.apmreports.definition.Attachment;
import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.Section;
import io.apmreports.definition.SendWhen;
import io.apmreports.delivery.Attachments;
import io.apmreports.delivery.DeliveryProperties;
import io.apmreports.range.TimeRange;
import io.apmreports.report.PeriodWords;
import io.apmreports.report.ReportContent;
import io.apmreports.report.ReportFiles;
import io.apmreports.report.email.ReportEmail;
import io.apmreports.report.picture.ChartPicture;
import io.apmreports.report.picture.ChartPictures;

/**
 * Puts a completed run's e-mail together from what the run left: its definition's subject
 * and text, its published files, and the summary from its tables. Delivery and preview
 * both use it, so a preview shows what is sent.
 */
@Component
public class ReportEmails {

	private final ReportContent content;

	private final DeliveryProperties properties;

	private final Clock clock;

	ReportEmails(ReportContent content, DeliveryProperties properties, Clock clock) {
		this.content = content;
		this.properties = properties;
		this.clock = clock;
	}

	/**
	 * The files to attach: those of the published files that the definition chooses, or
	 * one zip of them when they are too large together.
	 */
	public Attachments attachments(LaunchedRun launched) throws IOException {
		ReportFiles files = launched.files();
		List<Path> published = publishedFiles(launched.execution(), files.directory());
		return Attachments.of(chosen(launched.definition(), files, published), properties.zipAbove(),
				files.archiveName());
	}

	/**
	 * The definition's attachments among the published files; one that is not there stops
	 * the delivery rather than going out without it.
	 */
	static List<Path> chosen(ReportDefinition definition, ReportFiles files, List<Path> published) {
		List<Path> chosen = new ArrayList<>();
		for (Attachment attachment : definition.attachments()) {
			String name = files.fileName(attachment);
			chosen.add(published.stream()
				.filter(file -> file.getFileName().toString().equals(name))
				.findFirst()
				.orElseThrow(() -> new MissingFilesException("the report files to send are not all there ("
						+ files.directory().resolve(name) + " is missing); run the report again with --force")));
		}
		chosen.sort(null);
		return chosen;
	}

	/**
	 * The files the run published: as its write step listed them, or, when that list was
	 * lost (the process died between publishing and recording it), as its directory holds
	 * them. A missing file stops the delivery with one line rather than sending an e-mail
	 * without it.
	 */
	private static List<Path> publishedFiles(JobExecution execution, Path directory) throws IOException {
		List<Path> files = RunResults.files(execution);
		if (files.isEmpty() && Files.isDirectory(directory)) {
			try (Stream<Path> listed = Files.list(directory)) {
				files = listed.filter(Files::isRegularFile)
					.filter(file -> !file.getFileName().toString().startsWith("."))
					.sorted()
					.toList();
			}
		}
		Path missing = files.isEmpty() ? directory
				: files.stream().filter(file -> !Files.isRegularFile(file)).findFirst().orElse(null);
		if (missing != null) {
			throw new MissingFilesException("the report files to send are not all there (" + missing
					+ " is missing); run the report again with --force");
		}
		return files;
	}

	public ReportEmail email(LaunchedRun launched, List<Path> attachments) {
		ReportRun run = launched.run();
		ReportDefinition definition = launched.definition();
		TimeRange range = run.range();
		long instanceId = launched.instanceId();
		String rangeText = range.describe(definition.timeZone());
		String account = run.accounts().describe();
		Map<String, String> values = Map.of("title", definition.title(), "report", definition.name(), "range",
				rangeText, "account", account);
		List<ChartPicture> charts = definition.has(Section.CHARTS)
				? ChartPictures.render(content.charts(instanceId), definition.timeZone(), definition.thresholds())
				: List.of();
		return new ReportEmail(definition.name(), run.messageIdentity(), definition.title(),
				definition.email().subject(values), intro(definition.email().body(values), launched), rangeText,
				account, PeriodWords.of(range, definition.timeZone()).against(),
				content.overview(instanceId, definition, range, properties.summaryRows(), run.accounts()), charts,
				attachments, definition.scope(run.team(), run.accounts().several()),
				filesAt(definition, launched.files()), definition.filesLink() == null);
	}

	/**
	 * Where readers open the run's files: under the definition's link, the run's folder
	 * below the output directory, or else that folder itself.
	 */
	static String filesAt(ReportDefinition definition, ReportFiles files) {
		if (definition.filesLink() == null) {
			return files.directory().toAbsolutePath().normalize().toString();
		}
		List<String> segments = new ArrayList<>();
		files.outputDir().relativize(files.directory()).forEach(segment -> segments.add(segment.toString()));
		boolean url = definition.filesLink().startsWith("https://") || definition.filesLink().startsWith("http://");
		String relative = String.join("/", url ? segments.stream().map(ReportEmails::encoded).toList() : segments);
		return definition.filesLink().replaceAll("/+$", "") + "/" + relative;
	}

	private static String encoded(String segment) {
		return UriUtils.encodePathSegment(segment, StandardCharsets.UTF_8);
	}

	/** The definition's text, then what readers should know of the selection. */
	private static String intro(String body, LaunchedRun launched) {
		String note = RunResults.idsNotFoundNote(launched.execution(), launched.run().accounts());
		return note == null ? body : body + "\n\n" + note;
	}

	/**
	 * Why a run sends nothing, as {@code runs} and {@code show} say it ("not sent: no
	 * regressions and no failed applications"); empty when its figures call for sending.
	 */
	public Optional<String> notSent(LaunchedRun launched) {
		return notSent(launched, launched.run().sendWhen());
	}

	/** Why a run's report is not sent under {@code when}; empty when it is. */
	public Optional<String> notSent(LaunchedRun launched, SendWhen when) {
		return content.callsForSending(launched.instanceId(), launched.definition(), when) ? Optional.empty()
				: Optional.of("not sent: " + when.notSentReason());
	}

	public Instant now() {
		return clock.instant();
	}

}
