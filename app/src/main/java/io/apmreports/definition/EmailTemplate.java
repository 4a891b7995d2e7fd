package io.apmreports.definition;

import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The subject and opening text of a report's e-mail, with placeholders filled in when it
 * is sent: {@code {title}} the report's title, {@code {report}} its name and
 * {@code {range}} the period it covers and {@code {account}} the account it reads.
 *
 * @param subject the subject line
 * @param body the text above the summary table
 */
public record EmailTemplate(String subject, String body) {

	/** What a report without an {@code email} field gets. */
	public static final EmailTemplate DEFAULT = new EmailTemplate("{title}: {range}, {account}",
			"The {title} report of {account} for {range} is attached.");

	static final Pattern PLACEHOLDER = Pattern.compile("\\{([^{}]*)}");

	static final Set<String> PLACEHOLDERS = Set.of("title", "report", "range", "account");

	/** The subject with the placeholders filled in. */
	public String subject(Map<String, String> values) {
		return fill(subject, values);
	}

	/** The body with the placeholders filled in. */
	public String body(Map<String, String> values) {
		return fill(body, values);
	}

	private static String fill(String template, Map<String, String> values) {
		Matcher matcher = PLACEHOLDER.matcher(template);
		StringBuilder filled = new StringBuilder();
		while (matcher.find()) {
			matcher.appendReplacement(filled, Matcher.quoteReplacement(values.getOrDefault(matcher.group(1), "")));
		}
		return matcher.appendTail(filled).toString();
	}

	/**
	 * The first placeholder the template does not know, if any: checked when the
	 * definition is loaded.
	 */
	static String unknownPlaceholder(String template) {
		Matcher matcher = PLACEHOLDER.matcher(template);
		while (matcher.find()) {
			if (!PLACEHOLDERS.contains(matcher.group(1))) {
				return matcher.group();
			}
		}
		return null;
	}

}
