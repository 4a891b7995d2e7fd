package io.apmreports.delivery.teams;

import java.util.ArrayList;
import java.util.List;

import io.apmreports.report.BudgetColour;
import io.apmreports.report.ServiceLevelHeadline;

/**
 * A service-level report's lines of the card: each level's month in a sentence in its
 * budget's colour (Adaptive Cards' Attention, Warning, Good), the worst first, then the
 * notes.
 */
final class TeamsServiceLevels {

	private TeamsServiceLevels() {
	}

	/**
	 * One line of the card.
	 *
	 * @param text what it says
	 * @param color the Adaptive Card colour it is set in
	 */
	record Line(String text, String color) {
	}

	static List<Line> lines(ServiceLevelHeadline headline) {
		List<Line> lines = new ArrayList<>();
		headline.worst().forEach(worst -> lines.add(new Line("- " + worst.text(), color(worst.colour()))));
		headline.notes().forEach(note -> lines.add(new Line(note, "Default")));
		return lines;
	}

	private static String color(BudgetColour colour) {
		if (colour == null) {
			return "Default";
		}
		return switch (colour) {
			case RED -> "Attention";
			case YELLOW -> "Warning";
			case GREEN -> "Good";
		};
	}

}
