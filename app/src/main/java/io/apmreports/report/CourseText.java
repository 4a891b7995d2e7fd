package io.apmreports.report;

import java.util.List;

import io.apmreports.formula.Kind;

/**
 * A course and what was usual in words, the same in every reader: a text sparkline
 * ("\u2581\u2583\u2585\u2588") for readers without pictures, the usual median and spread,
 * and whether a regression's worse value is within that spread.
 */
public final class CourseText {

	private static final String BARS = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588";

	/** A period not kept: a gap, never the lowest bar, which would read as 0. */
	static final char GAP = '\u00B7';

	private CourseText() {
	}

	/**
	 * One bar per point, scaled from the lowest to the highest kept, the run's own last;
	 * a period not kept is a dot.
	 */
	public static String sparkline(Course course) {
		Double low = course.lowest();
		Double high = course.highest();
		StringBuilder line = new StringBuilder();
		for (Double point : course.points()) {
			if (point == null) {
				line.append(GAP);
			}
			else if (high.equals(low)) {
				line.append(BARS.charAt(3));
			}
			else {
				line.append(BARS.charAt((int) Math.round((point - low) / (high - low) * (BARS.length() - 1))));
			}
		}
		return line.toString();
	}

	/**
	 * The sparkline with the run's point and the line's low and high: "\u2581\u2583\u2588
	 * 12 weeks, low 210.0, high 260.0".
	 */
	public static String line(Course course, Kind kind) {
		return sparkline(course) + " " + course.points().size() + " " + plural(course.period(), course.points().size())
				+ (course.kept() == 0 ? ""
						: ", low " + value(course.lowest(), kind) + ", high " + value(course.highest(), kind));
	}

	/**
	 * What was usual: "usual 230.0 (median of the 12 weeks before, 210.0\u2013260.0)", or
	 * "not enough history: 2 of 12 weeks kept".
	 */
	public static String usual(Usual usual, Kind kind) {
		if (!usual.told()) {
			return "not enough history: " + usual.kept() + " of " + usual.asked() + " " + plural(usual.period(), 2)
					+ " kept";
		}
		String before = usual.kept() == usual.asked()
				? "median of the " + usual.asked() + " " + plural(usual.period(), 2) + " before"
				: "median of " + usual.kept() + " " + plural(usual.period(), usual.kept()) + " kept of the "
						+ usual.asked() + " before";
		return "usual " + value(usual.median(), kind) + " (" + before + ", " + spread(usual, kind) + ")";
	}

	/**
	 * What was usual where a heading says it is the median with its spread: "230.0 ms
	 * (200.0 ms\u2013260.0 ms)"; "not enough history: 2 of 12 kept".
	 */
	public static String usualShort(Usual usual, Kind kind) {
		if (!usual.told()) {
			return "not enough history: " + usual.kept() + " of " + usual.asked() + " kept";
		}
		return value(usual.median(), kind) + " (" + spread(usual, kind) + ")";
	}

	/** "12-week median", or "median of 7 weeks kept of 12" where some are not kept. */
	public static String medianOf(Usual usual) {
		return usual.kept() == usual.asked() ? usual.asked() + "-" + usual.period() + " median" : "median of "
				+ usual.kept() + " " + plural(usual.period(), usual.kept()) + " kept of " + usual.asked();
	}

	/**
	 * Whether a regression is within what was usual: "within its usual spread: 210.0 ms
	 * to 260.0 ms over the 12 weeks before"; {@code ""} where the history was not read.
	 */
	public static String regression(Overview.Mover mover) {
		Usual usual = mover.usual();
		if (usual == null) {
			return "";
		}
		if (!usual.told()) {
			return usual(usual, mover.kind());
		}
		String over = usual.kept() == usual.asked() ? "the " + usual.asked() + " " + plural(usual.period(), 2)
				: "the " + usual.kept() + " " + plural(usual.period(), usual.kept()) + " kept of the " + usual.asked();
		return (Boolean.TRUE.equals(mover.withinUsual()) ? "within" : "outside") + " its usual spread: "
				+ spread(usual, mover.kind()) + " over " + over + " before";
	}

	/** The headline's course in one line, as chat and plain text say it. */
	public static String headline(Overview.Headline headline) {
		Course course = headline.course();
		if (course == null) {
			return "";
		}
		return line(course, headline.kind()) + "; " + usual(course.usual(), headline.kind());
	}

	private static String spread(Usual usual, Kind kind) {
		return value(usual.low(), kind) + "\u2013" + value(usual.high(), kind);
	}

	/** A value with its unit, where the kind has one a heading would otherwise give. */
	public static String value(Double value, Kind kind) {
		String text = FigureText.value(value, kind);
		return switch (kind) {
			case MILLISECONDS -> text + " ms";
			case RATE -> text + " rpm";
			default -> text;
		};
	}

	static String plural(String period, long count) {
		return count == 1 ? period : period + "s";
	}

	/** The points' values as text, oldest first, a gap empty. */
	static List<String> values(Course course, Kind kind) {
		return course.points().stream().map(point -> point == null ? "" : FigureText.value(point, kind)).toList();
	}

}
