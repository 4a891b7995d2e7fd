package io.apmreports.delivery.slack;

import io.apmreports.report.BudgetColour;
import io.apmreports.report.ServiceLevelHeadline;

/**
 * A service-level report's section of the message: the heading, each level's month in a
 * sentence behind a dot of its budget's colour, the worst first, and the notes.
 */
final class SlackServiceLevels {

	private SlackServiceLevels() {
	}

	static String text(ServiceLevelHeadline headline) {
		StringBuilder text = new StringBuilder("*").append(SlackMessage.escape(headline.title())).append("*");
		for (ServiceLevelHeadline.Worst worst : headline.worst()) {
			text.append("\n").append(dot(worst.colour())).append(" ").append(SlackMessage.escape(worst.text()));
		}
		for (String note : headline.notes()) {
			text.append("\n").append(SlackMessage.escape(note));
		}
		return text.toString();
	}

	/** The vendor's colours as Slack's own emoji; a plain bullet without a budget. */
	private static String dot(BudgetColour colour) {
		if (colour == null) {
			return "\u2022";
		}
		return switch (colour) {
			case RED -> ":red_circle:";
			case YELLOW -> ":large_yellow_circle:";
			case GREEN -> ":large_green_circle:";
		};
	}

}
