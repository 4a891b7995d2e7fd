package io.apmreports.definition;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The checks of a report definition's fields whose values have limits or depend on each
 * other (a title's length, an e-mail's placeholders, an attachment the report must
 * write): kept apart from {@link ReportDefinitions}, which finds, reads and assembles the
 * files, so that each stays small enough to read whole.
 */
final class DefinitionChecks {

	/**
	 * The headers of usage.csv and of its subtotals, which the group's column, headed by
	 * its tag key, must not repeat.
	 */
	private static final Set<String> USAGE_HEADERS = Set.of("application_id", "application_name", "language",
			"call_volume", "throughput_rpm", "host_count", "instance_count", "share_of_calls", "status",
			"hosts_counted_over", "account_id", "applications");

	private static final Set<String> EMAIL_FIELDS = Set.of("subject", "body");

	/**
	 * The longest title: it heads the workbook's sheets, the PDF's pages and (by default)
	 * the e-mail's subject, all of which must show it whole.
	 */
	private static final int TITLE_MAX = 150;

	/**
	 * The longest subject as written: mail programs show about a line of it, and it must
	 * stay far below the 998 characters a header line may have.
	 */
	private static final int SUBJECT_MAX = 200;

	static String title(Fields fields) {
		String title = fields.requiredText("title");
		if (title.length() > TITLE_MAX) {
			throw fields.invalid("title", "is " + title.length() + " characters long; a title has at most " + TITLE_MAX
					+ ", to fit a sheet's and a page's header");
		}
		return title;
	}

	/**
	 * Where readers open the files: an https (or http) URL, or a folder path they share;
	 * one line of text.
	 */
	static String filesLink(Fields fields) {
		String link = fields.optionalText("files-link");
		if (link == null) {
			return null;
		}
		if (link.isBlank() || link.contains("\n") || link.contains("\r") || link.contains("{") || link.contains("?")) {
			throw fields.invalid("files-link", "must be a URL or a shared folder, such as "
					+ "https://files.example.com/apm-reports or //fileserver/apm-reports, without query or placeholders");
		}
		return link.strip();
	}

	/**
	 * The tag that groups the usage, cost or service-levels section: a key as entity
	 * search names it, which the report's files head a column with.
	 */
	static String groupBy(Fields fields, Set<Section> sections) {
		String key = fields.optionalText("group-by");
		if (key == null) {
			return null;
		}
		if (!sections.contains(Section.USAGE) && !sections.contains(Section.COST)
				&& !sections.contains(Section.SERVICE_LEVELS)) {
			throw fields.invalid("group-by",
					"groups the usage, cost or service-levels section, and this report has none of them");
		}
		if (!ReportDefinitions.TAG_KEY.matcher(key).matches()) {
			throw fields.invalid("group-by", "'" + key + "' is not a tag key (letters, digits, '.', '_' and '-', "
					+ "up to 128 characters, such as team or cost-center)");
		}
		if (USAGE_HEADERS.contains(key.toLowerCase(Locale.ROOT))) {
			throw fields.invalid("group-by", "'" + key + "' names a column usage.csv (or its subtotals) has already, "
					+ "which the group's column would repeat: group by another tag");
		}
		return key;
	}

	/**
	 * The files the e-mail carries; each must be one the report writes, or the e-mail
	 * would go out without it.
	 */
	static Set<Attachment> attachments(Fields fields, Set<ReportFormat> formats, Set<Section> sections) {
		if (!fields.has("attachments")) {
			return Attachment.defaults(formats, sections);
		}
		Set<Attachment> attachments = EnumSet.noneOf(Attachment.class);
		for (String text : fields.requiredTexts("attachments",
				"a list of files such as [xlsx, summary.csv] (" + Attachment.EXPECTED + ")")) {
			Attachment attachment = Attachment.of(text)
				.orElseThrow(
						() -> fields.invalid("attachments", "'" + text + "' is not one of " + Attachment.EXPECTED));
			if (!attachment.writtenBy(formats, sections)) {
				throw fields.invalid("attachments",
						"'" + text + "' is not a file this report writes (it needs " + attachment.needs() + ")");
			}
			attachments.add(attachment);
		}
		return attachments;
	}

	static EmailTemplate email(Fields fields) {
		Fields email = fields.section("email", EMAIL_FIELDS);
		String subject = email.optionalText("subject");
		String body = email.optionalText("body");
		EmailTemplate template = new EmailTemplate(subject == null ? EmailTemplate.DEFAULT.subject() : subject,
				body == null ? EmailTemplate.DEFAULT.body() : body);
		checkPlaceholders(email, "subject", template.subject());
		checkPlaceholders(email, "body", template.body());
		if (template.subject().isBlank() || template.subject().contains("\n") || template.subject().contains("\r")) {
			throw email.invalid("subject", "must be one line of text");
		}
		if (template.subject().length() > SUBJECT_MAX) {
			throw email.invalid("subject", "is " + template.subject().length()
					+ " characters long; a subject has at most " + SUBJECT_MAX + ", about what a mail program shows");
		}
		return template;
	}

	private static void checkPlaceholders(Fields fields, String field, String template) {
		String unknown = EmailTemplate.unknownPlaceholder(template);
		if (unknown != null) {
			throw fields.invalid(field, "'" + unknown + "' is not one of {title}, {report}, {range}, {account}");
		}
	}

	private DefinitionChecks() {
	}

}
