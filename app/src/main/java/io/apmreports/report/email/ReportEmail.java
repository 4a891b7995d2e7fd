package io.apmreports.report.email;

import java.nio.file.Path;
import java.util.List;

import io.apmreports.report.Overview;
import io.apmreports.report.picture.ChartPicture;

/**
 * One report's e-mail before it is addressed: the same text, pictures and files go to
 * every recipient.
 *
 * @param report the report's name
 * @param identity the report and range (and a forced re-run's marker), from which with
 * each recipient the Message-ID derives
 * @param title the report's title, the first line of the body
 * @param subject the subject line
 * @param intro the text above the figures
 * @param rangeText the range as people say it
 * @param account the account read, as a reader meets it
 * @param previousPeriod what the previous range is called in a heading, such as "last
 * week"
 * @param overview the figures of the body
 * @param charts the charts as pictures, shown inline in the HTML part; none when the
 * report has no charts
 * @param attachments the files to attach, already zipped if they were too large
 * @param scope what the headline figures cover, as their heading says it: "The account",
 * "Team checkout", ...
 * @param filesAt where readers find the report's files: the link the definition names, or
 * the folder they were written to
 * @param filesOnServer whether {@code filesAt} is the folder on the server that ran the
 * report, as no files-link names a place its readers open
 */
public record ReportEmail(String report, String identity, String title, String subject, String intro, String rangeText,
		String account, String previousPeriod, Overview overview, List<ChartPicture> charts, List<Path> attachments,
		String scope, String filesAt, boolean filesOnServer) {

	/** Whether the files are at a link (the definition's files-link), not a folder. */
	public boolean filesAtLink() {
		return filesAt.startsWith("https://") || filesAt.startsWith("http://");
	}

	public ReportEmail {
		charts = List.copyOf(charts);
		attachments = List.copyOf(attachments);
	}

	/** An e-mail whose files are at a link or in a shared folder its readers open. */
	public ReportEmail(String report, String identity, String title, String subject, String intro, String rangeText,
			String account, String previousPeriod, Overview overview, List<ChartPicture> charts, List<Path> attachments,
			String scope, String filesAt) {
		this(report, identity, title, subject, intro, rangeText, account, previousPeriod, overview, charts, attachments,
				scope, filesAt, false);
	}

	/** An e-mail whose files are where they were written, on the server. */
	public ReportEmail(String report, String identity, String title, String subject, String intro, String rangeText,
			String account, String previousPeriod, Overview overview, List<ChartPicture> charts, List<Path> attachments,
			String scope) {
		this(report, identity, title, subject, intro, rangeText, account, previousPeriod, overview, charts, attachments,
				scope, attachments.isEmpty() || attachments.get(0).getParent() == null ? ""
						: attachments.get(0).getParent().toString(),
				true);
	}

	/** The e-mail of a report over the whole account. */
	public ReportEmail(String report, String identity, String title, String subject, String intro, String rangeText,
			String account, String previousPeriod, Overview overview, List<ChartPicture> charts,
			List<Path> attachments) {
		this(report, identity, title, subject, intro, rangeText, account, previousPeriod, overview, charts, attachments,
				"The account");
	}

	/** The names of the attached files, as the body lists them. */
	public List<String> fileNames() {
		return attachments.stream().map(Path::getFileName).map(Path::toString).toList();
	}

}
