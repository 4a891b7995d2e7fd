package io.apmreports.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.apmreports.definition.Thresholds;
import io.apmreports.formula.FigureColumn;

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

	/**
	 * Each part of web transaction time's colour, keyed by the figure rather than by a
	 * label, so that a chart that names a part otherwise still gets its colour.
	 */
	private static final Map<FigureColumn, String> COMPONENTS = Map.of(FigureColumn.APPLICATION_TIME_MS, "4E79A7",
			FigureColumn.DATASTORE_MS, "F28E2B", FigureColumn.DATABASE_MS, "E15759", FigureColumn.RUBY_DATABASE_MS,
			"B07AA1", FigureColumn.EXTERNAL_MS, "59A14F", FigureColumn.CACHE_MS, "EDC948",
			FigureColumn.REQUEST_QUEUING_MS, "9C755F");

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

	/** A part of web transaction time's colour, one of {@code Components.PARTS}. */
	public static String component(FigureColumn part) {
		String colour = COMPONENTS.get(part);
		if (colour == null) {
			throw new IllegalArgumentException(part + " is no part of web transaction time");
		}
		return colour;
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
