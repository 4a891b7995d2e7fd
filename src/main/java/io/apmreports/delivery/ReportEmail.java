package io.apmreports.delivery;

import java.nio.file.Path;
import java.util.List;

import io.apmreports.output.ChartData;
import io.apmreports.output.Overview;

/**
 * One report's e-mail before it is addressed: the same text and files go to every
 * recipient.
 *
 * @param report the report's name
 * @param identity the report and range (and a forced re-run's marker), from which with
 * each recipient the Message-ID derives
 * @param subject the subject line
 * @param intro the text above the summary
 * @param rangeText the range as people say it
 * @param overview the figures of the body
 * @param charts the data of its charts
 * @param attachments the files to attach, already zipped if they were too large
 */
public record ReportEmail(String report, String identity, String subject, String intro, String rangeText,
		Overview overview, ChartData charts, List<Path> attachments) {

	public ReportEmail {
		attachments = List.copyOf(attachments);
	}

}
