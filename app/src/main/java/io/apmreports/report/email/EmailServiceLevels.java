package io.apmreports.report.email;

import org.springframework.web.util.HtmlUtils;

import io.apmreports.report.BudgetColour;
import io.apmreports.report.ServiceLevelHeadline;

/**
 * A service-level report's part of the e-mail: the heading, each level's month in a
 * sentence, the worst first, marked with its budget's colour in the HTML and named in the
 * text, and the notes.
 */
final class EmailServiceLevels {

	/** The vendor's yellow, dark enough to read on white. */
	static final String YELLOW = "#9a6700";

	private EmailServiceLevels() {
	}

	static String text(ServiceLevelHeadline headline) {
		StringBuilder text = new StringBuilder("\n").append(headline.title())
			.append("\n")
			.append("-".repeat(headline.title().length()))
			.append("\n");
		for (ServiceLevelHeadline.Worst worst : headline.worst()) {
			text.append("- ");
			if (worst.colour() != null) {
				text.append("[").append(worst.colour().word()).append("] ");
			}
			text.append(worst.text()).append("\n");
		}
		headline.notes().forEach(note -> text.append(note).append("\n"));
		return text.toString();
	}

	/** Rows of the e-mail's column, as {@code EmailHtml} writes its own. */
	static String html(ServiceLevelHeadline headline) {
		StringBuilder html = new StringBuilder();
		html.append(row("padding:20px 16px 0;",
				"<div style=\"font-size:16px;font-weight:bold;padding-bottom:4px;border-bottom:2px solid #1f2933;\">"
						+ escape(headline.title()) + "</div>"));
		for (ServiceLevelHeadline.Worst worst : headline.worst()) {
			String colour = colour(worst.colour());
			html.append(row("padding:6px 16px;font-size:14px;",
					"<div style=\"border-left:4px solid " + colour + ";padding-left:8px;\">"
							+ (worst.colour() == null ? ""
									: "<b style=\"color:" + colour + ";\">" + worst.colour().word() + "</b> ")
							+ escape(worst.text()) + "</div>"));
		}
		headline.notes()
			.forEach(note -> html
				.append(row("padding:4px 16px;font-size:13px;color:" + EmailHtml.GREY + ";", escape(note))));
		return html.toString();
	}

	private static String colour(BudgetColour colour) {
		if (colour == null) {
			return EmailHtml.GREY;
		}
		return switch (colour) {
			case RED -> EmailHtml.RED;
			case YELLOW -> YELLOW;
			case GREEN -> EmailHtml.GREEN;
		};
	}

	private static String row(String style, String content) {
		return "<tr><td style=\"" + style + "\">" + content + "</td></tr>\n";
	}

	private static String escape(String text) {
		return HtmlUtils.htmlEscape(text, "UTF-8");
	}

}
