package io.apmreports.definition;

import java.util.Locale;
import java.util.Set;

/**
 * When a report calls a figure a regression, colours a change, and shows how many, as its
 * definition's {@code thresholds} says (every one optional, today's values by default):
 * the same rule on the Overview, the Comparison sheet, the PDF, the e-mail and chat.
 *
 * @param regressionPct a watched figure (a time, Apdex, the error rate) that got worse by
 * this many percent or more of its previous value is a regression...
 * @param regressionMinMs ... if a time moved by this many milliseconds at least,
 * @param regressionMinApdex ... Apdex by this much at least,
 * @param regressionMinErrorPp ... the error rate by this many percentage points at least
 * (a rate from 0 is judged by this alone),
 * @param regressionMinThroughputRpm ... and the application served this many calls a
 * minute at least (web and non-web): a 9 rpm application's swing is noise
 * @param regressions how many regressions the Overview and e-mail list, ranked by impact
 * @param busiest how many of the busiest applications the Overview and PDF list
 * @param lowApdex a Summary row's Apdex under this is marked
 * @param highErrorRate a Summary row's error rate (0 to 1) above this is marked
 * @param notablePct a change smaller than this many percent is told but not coloured
 * @param notablePp a rate's change smaller than this many percentage points likewise
 */
public record Thresholds(double regressionPct, double regressionMinMs, double regressionMinApdex,
		double regressionMinErrorPp, double regressionMinThroughputRpm, int regressions, int busiest, double lowApdex,
		double highErrorRate, double notablePct, double notablePp) {

	/** Today's values. */
	public static final Thresholds DEFAULT = new Thresholds(10, 5, 0.01, 0.1, 1, 5, 5, 0.7, 0.05, 1, 0.1);

	static final Set<String> FIELDS = Set.of("regression", "regression-min-ms", "regression-min-apdex",
			"regression-min-error-rate", "regression-min-throughput", "regressions", "busiest", "low-apdex",
			"high-error-rate", "notable-change", "notable-rate-change");

	/**
	 * The definition's {@code thresholds}, each field checked, today's for those left
	 * out.
	 */
	static Thresholds parse(Fields fields) {
		Fields t = fields.section("thresholds", FIELDS);
		Thresholds d = DEFAULT;
		return new Thresholds(percent(t, "regression", d.regressionPct()),
				number(t, "regression-min-ms", d.regressionMinMs(), Double.MAX_VALUE),
				number(t, "regression-min-apdex", d.regressionMinApdex(), 1),
				points(t, "regression-min-error-rate", d.regressionMinErrorPp()),
				number(t, "regression-min-throughput", d.regressionMinThroughputRpm(), Double.MAX_VALUE),
				(int) whole(t, "regressions", d.regressions()), (int) whole(t, "busiest", d.busiest()),
				number(t, "low-apdex", d.lowApdex(), 1), percent(t, "high-error-rate", d.highErrorRate() * 100) / 100,
				percent(t, "notable-change", d.notablePct()), points(t, "notable-rate-change", d.notablePp()));
	}

	/** "10%": a number with its percent sign. */
	private static double percent(Fields fields, String field, double defaultValue) {
		String text = fields.optionalText(field);
		if (text == null) {
			return defaultValue;
		}
		if (!text.endsWith("%")) {
			throw fields.invalid(field, "'" + text + "'" + (outOfRange(text) ? " is out of range and" : "")
					+ " needs its percent sign, such as " + format(defaultValue) + "%");
		}
		return parse(fields, field, text.substring(0, text.length() - 1).strip(), 100);
	}

	/** "0.1pp": percentage points, for the change of a rate. */
	private static double points(Fields fields, String field, double defaultValue) {
		String text = fields.optionalText(field);
		if (text == null) {
			return defaultValue;
		}
		if (!text.endsWith("pp")) {
			throw fields.invalid(field, "'" + text + "' is a change of a rate in percentage points: write it with pp, "
					+ "such as " + format(defaultValue) + "pp");
		}
		return parse(fields, field, text.substring(0, text.length() - 2).strip(), 100);
	}

	private static double number(Fields fields, String field, double defaultValue, double max) {
		String text = fields.optionalText(field);
		return text == null ? defaultValue : parse(fields, field, text, max);
	}

	private static double whole(Fields fields, String field, int defaultValue) {
		double value = number(fields, field, defaultValue, 1000);
		if (value != Math.rint(value)) {
			throw fields.invalid(field, "'" + format(value) + "' is not a whole number");
		}
		return value;
	}

	private static double parse(Fields fields, String field, String text, double max) {
		try {
			double value = Double.parseDouble(text);
			if (value >= 0 && value <= max && Double.isFinite(value)) {
				return value;
			}
		}
		catch (NumberFormatException ex) {
			// told below
		}
		throw fields.invalid(field, "'" + text + "' is " + (outOfRange(text) ? "out of range: " : "not ")
				+ "a number from 0" + (max == Double.MAX_VALUE ? " up" : " to " + format(max)));
	}

	/** A number too large (or small) for any figure: 1e309. */
	private static boolean outOfRange(String text) {
		try {
			return Double.isInfinite(Double.parseDouble(text));
		}
		catch (NumberFormatException ex) {
			return false;
		}
	}

	/** A number as a definition writes it: "10", "0.1". */
	public static String format(double value) {
		String text = String.format(Locale.ROOT, "%.4f", value).replaceAll("0+$", "");
		return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
	}

}
