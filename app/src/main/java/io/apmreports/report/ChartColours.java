package io.apmreports.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.apmreports.definition.Thresholds;

/**
 * The charts' colours, the same in the workbook, the e-mail and the PDF, and from one
 * report to the next: each component of web transaction time its own, each application
 * one picked from its name (the next free one when two names pick the same, so that a
 * chart never shows two lines alike), and an Apdex or error-rate bar green, amber or red
 * by how good it is.
 */
public final class ChartColours {

	/** Tableau's ten colours: told apart by most readers, colour-blind ones included. */
	private static final List<String> PALETTE = List.of("4E79A7", "F28E2B", "E15759", "76B7B2", "59A14F", "EDC948",
			"B07AA1", "FF9DA7", "9C755F", "BAB0AC");

	private static final Map<String, String> COMPONENTS = Map.of("Application", "4E79A7", "Datastore", "F28E2B",
			"Database", "E15759", "Ruby database", "B07AA1", "External", "59A14F", "Cache", "EDC948", "Request queuing",
			"9C755F");

	/** Good: green. */
	private static final String GOOD = "59A14F";

	/** Worth a look: amber. */
	private static final String FAIR = "EDC948";

	/** Poor: red. */
	private static final String POOR = "E15759";

	/** An Apdex this high is good; under the definition's low Apdex, poor. */
	private static final double GOOD_APDEX = 0.85;

	/** An error rate this low is good; above the definition's high error rate, poor. */
	private static final double GOOD_ERROR_RATE = 0.01;

	private ChartColours() {
	}

	/** A component's colour, by its name as the charts say it ("Datastore"). */
	public static String component(String name) {
		return COMPONENTS.getOrDefault(name, PALETTE.get(9));
	}

	/**
	 * The colours of the applications of one chart, in their order: each the one its name
	 * picks, or the next free one.
	 */
	public static List<String> applications(List<String> names) {
		List<Integer> taken = new ArrayList<>();
		List<String> colours = new ArrayList<>();
		for (String name : names) {
			int slot = Math.floorMod(name.hashCode(), PALETTE.size());
			for (int tries = 0; taken.contains(slot) && tries < PALETTE.size(); tries++) {
				slot = (slot + 1) % PALETTE.size();
			}
			taken.add(slot);
			colours.add(PALETTE.get(slot));
		}
		return colours;
	}

	/** An Apdex bar's colour: good from 0.85, poor under the definition's low Apdex. */
	public static String apdex(double score, Thresholds thresholds) {
		return score >= GOOD_APDEX ? GOOD : score < thresholds.lowApdex() ? POOR : FAIR;
	}

	/**
	 * An error-rate bar's colour (a rate from 0 to 1): good up to 1%, poor above the
	 * definition's high error rate.
	 */
	public static String errorRate(double rate, Thresholds thresholds) {
		return rate <= GOOD_ERROR_RATE ? GOOD : rate > thresholds.highErrorRate() ? POOR : FAIR;
	}

}
