package io.apmreports.definition;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A file a report's e-mail may carry, as the definition's {@code attachments} field names
 * it: the workbook, the PDF, or one of the CSV files. The long CSV files go only where
 * they are asked for: most readers want the workbook, and a mailbox fills up.
 */
public enum Attachment {

	XLSX("xlsx", ReportFormat.XLSX, null), PDF("pdf", ReportFormat.PDF, null),
	SUMMARY("summary.csv", ReportFormat.CSV, Section.SUMMARY), HOSTS("hosts.csv", ReportFormat.CSV, Section.HOSTS),
	KEY_TRANSACTIONS("key-transactions.csv", ReportFormat.CSV, Section.KEY_TRANSACTIONS),
	COMPARISON("comparison.csv", ReportFormat.CSV, Section.COMPARISON),
	TREND("trend.csv", ReportFormat.CSV, Section.TRENDS), USAGE("usage.csv", ReportFormat.CSV, Section.USAGE),
	COST("cost.csv", ReportFormat.CSV, Section.COST), INGEST("ingest.csv", ReportFormat.CSV, Section.INGEST),
	SERVICE_LEVELS("service-levels.csv", ReportFormat.CSV, Section.SERVICE_LEVELS),
	SLA("sla.csv", ReportFormat.CSV, Section.SERVICE_LEVELS);

	/** Every value as written, for the message that refuses another. */
	static final String EXPECTED = Arrays.stream(values()).map(Attachment::text).collect(Collectors.joining(", "));

	private final String text;

	private final ReportFormat format;

	private final Section section;

	Attachment(String text, ReportFormat format, Section section) {
		this.text = text;
		this.format = format;
		this.section = section;
	}

	/** As the definition writes it. */
	public String text() {
		return text;
	}

	static Optional<Attachment> of(String text) {
		return Arrays.stream(values()).filter(attachment -> attachment.text.equals(text)).findFirst();
	}

	/** Whether a report of these formats and sections writes the file. */
	boolean writtenBy(Set<ReportFormat> formats, Set<Section> sections) {
		return formats.contains(format) && (section == null || sections.contains(section));
	}

	/** What a report must have to write it, for the message that refuses it. */
	String needs() {
		return "formats [" + format.name().toLowerCase(Locale.ROOT) + "]"
				+ (section == null ? "" : " and sections [" + section.written() + "]");
	}

	/**
	 * What a definition without the field attaches: the workbook, summary.csv, and the
	 * CSV file of a cost or ingest report, which is what finance pivots and what a
	 * measurement has to show, those of them it writes.
	 */
	static Set<Attachment> defaults(Set<ReportFormat> formats, Set<Section> sections) {
		Set<Attachment> defaults = EnumSet.noneOf(Attachment.class);
		for (Attachment attachment : EnumSet.of(XLSX, SUMMARY, COST, INGEST)) {
			if (attachment.writtenBy(formats, sections)) {
				defaults.add(attachment);
			}
		}
		return defaults;
	}

}
