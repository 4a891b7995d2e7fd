package io.apmreports.job;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.web.util.UriUtils;

import io.apmreports.definition.Attachment;
import io.apmreports.definition.ReportDefinition;
import io.apmreports.report.ReportFiles;

/**
 * Where a run's files are and which of them its messages carry: its folder, the files it
 * published, the definition's choice of them, and where readers open them.
 */
final class MessageFiles {

	private MessageFiles() {
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
	static List<Path> publishedFiles(JobExecution execution, Path directory) throws IOException {
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
		String relative = String.join("/", url ? segments.stream().map(MessageFiles::encoded).toList() : segments);
		return definition.filesLink().replaceAll("/+$", "") + "/" + relative;
	}

	private static String encoded(String segment) {
		return UriUtils.encodePathSegment(segment, StandardCharsets.UTF_8);
	}

}
