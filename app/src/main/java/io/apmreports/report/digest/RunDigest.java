package io.apmreports.report.digest;

import java.nio.file.Path;
import java.util.List;

import io.apmreports.definition.SendWhen;
import io.apmreports.report.Overview;
import io.apmreports.report.SendFacts;
import io.apmreports.report.picture.ChartPicture;

/**
 * What a completed run tells its readers, put together once when its files are written:
 * every channel (the e-mail, Slack, Teams) renders from it, the same text, pictures and
 * files to every recipient, without reading the run's tables again.
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
 * @param overview the headline figures, per account and for all, the busiest, the
 * regressions under the definition's rule, the failed and gone applications
 * @param charts the charts as pictures, shown inline in the HTML part; none when the
 * report has no charts
 * @param attachments the files to attach: the definition's choice of the run's files, or
 * the one zip of them when they are too large together
 * @param scope what the headline figures cover, as their heading says it: "The account",
 * "Team checkout", ...
 * @param filesAt where readers find the report's files: the link the definition names, or
 * the folder they were written to
 * @param filesOnServer whether {@code filesAt} is the folder on the server that ran the
 * report, as no files-link names a place its readers open
 * @param files the files the run wrote, with their sizes
 * @param sendFacts what its {@code send-when} rule, or another given later, is decided on
 */
public record RunDigest(String report, String identity, String title, String subject, String intro, String rangeText,
		String account, String previousPeriod, Overview overview, List<ChartPicture> charts, List<Path> attachments,
		String scope, String filesAt, boolean filesOnServer, List<WrittenFile> files, SendFacts sendFacts) {

	/**
	 * One of the files a run wrote.
	 *
	 * @param path where it is
	 * @param bytes its size
	 */
	public record WrittenFile(Path path, long bytes) {
	}

	public RunDigest {
		charts = List.copyOf(charts);
		attachments = List.copyOf(attachments);
		files = List.copyOf(files);
	}

	/** A digest whose files are at a link or in a shared folder its readers open. */
	public RunDigest(String report, String identity, String title, String subject, String intro, String rangeText,
			String account, String previousPeriod, Overview overview, List<ChartPicture> charts, List<Path> attachments,
			String scope, String filesAt, boolean filesOnServer) {
		this(report, identity, title, subject, intro, rangeText, account, previousPeriod, overview, charts, attachments,
				scope, filesAt, filesOnServer, List.of(), SendFacts.NONE);
	}

	/** A digest whose files are at a link or in a shared folder its readers open. */
	public RunDigest(String report, String identity, String title, String subject, String intro, String rangeText,
			String account, String previousPeriod, Overview overview, List<ChartPicture> charts, List<Path> attachments,
			String scope, String filesAt) {
		this(report, identity, title, subject, intro, rangeText, account, previousPeriod, overview, charts, attachments,
				scope, filesAt, false);
	}

	/** A digest whose files are where they were written, on the server. */
	public RunDigest(String report, String identity, String title, String subject, String intro, String rangeText,
			String account, String previousPeriod, Overview overview, List<ChartPicture> charts, List<Path> attachments,
			String scope) {
		this(report, identity, title, subject, intro, rangeText, account, previousPeriod, overview, charts, attachments,
				scope, attachments.isEmpty() || attachments.get(0).getParent() == null ? ""
						: attachments.get(0).getParent().toString(),
				true);
	}

	/** The digest of a report over the whole account. */
	public RunDigest(String report, String identity, String title, String subject, String intro, String rangeText,
			String account, String previousPeriod, Overview overview, List<ChartPicture> charts,
			List<Path> attachments) {
		this(report, identity, title, subject, intro, rangeText, account, previousPeriod, overview, charts, attachments,
				"The account");
	}

	/** Whether the files are at a link (the definition's files-link), not a folder. */
	public boolean filesAtLink() {
		return filesAt.startsWith("https://") || filesAt.startsWith("http://");
	}

	/** The names of the attached files, as the body lists them. */
	public List<String> fileNames() {
		return attachments.stream().map(Path::getFileName).map(Path::toString).toList();
	}

	/**
	 * Why the run's report is not sent under {@code when}, as {@code runs} and
	 * {@code show} say it ("not sent: no regressions and no failed applications"); null
	 * when its figures call for sending.
	 */
	public String notSent(SendWhen when) {
		return sendFacts.callFor(when) ? null : "not sent: " + when.notSentReason();
	}

	/** The same digest with its pictures' bytes, which are kept as files, not text. */
	public RunDigest withCharts(List<ChartPicture> pictures) {
		return new RunDigest(report, identity, title, subject, intro, rangeText, account, previousPeriod, overview,
				pictures, attachments, scope, filesAt, filesOnServer, files, sendFacts);
	}

}
