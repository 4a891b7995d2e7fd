package io.apmreports.report;

import java.util.Locale;

import io.apmreports.definition.Thresholds;
import io.apmreports.formula.Change;
import io.apmreports.formula.Kind;

/**
 * How a figure and its change against the previous period read, the same in the e-mail
 * and the PDF: grouped thousands, the decimals its kind calls for, an error rate in
 * percent, and an empty text for an absent value (never 0, NaN or Infinity).
 */
public final class FigureText {

	/** How a change reads to someone who wants the figure to get better. */
	public enum Verdict {

		BETTER, WORSE,

		/** No change to judge, or a figure such as traffic that is neither. */
		NEUTRAL

	}

	private FigureText() {
	}

	/** A value written as its kind is. */
	public static String value(Double value, Kind kind) {
		if (!present(value)) {
			return "";
		}
		return switch (kind) {
			case ID -> Long.toString(Math.round(value));
			case INTEGER -> number(value, 0);
			case SCORE -> number(value, 2);
			case FRACTION -> number(value * 100, 2) + "%";
			case PERCENT -> signed(value, 1) + "%";
			default -> number(value, 1);
		};
	}

	/**
	 * Grouped thousands and fixed decimals; empty for an absent value.
	 */
	public static String number(Double value, int decimals) {
		if (!present(value)) {
			return "";
		}
		return String.format(Locale.ENGLISH, "%,." + decimals + "f", value);
	}

	/**
	 * The difference with its sign, as its kind is written; an error rate's in percentage
	 * points. Empty unless both values are there.
	 */
	public static String difference(Change change, Kind kind) {
		Double difference = change.difference();
		if (!present(difference)) {
			return "";
		}
		return switch (kind) {
			case INTEGER -> signed(difference, 0);
			case SCORE -> signed(difference, 2);
			case FRACTION -> signed(difference * 100, 2) + " pp";
			default -> signed(difference, 1);
		};
	}

	/**
	 * The previous value as a change's "from" says it: with as many decimals as the
	 * difference needed, so that "down 0.001 from 0.925" adds up beside 0.92, where "from
	 * 0.93" would not.
	 */
	public static String from(Change change, Kind kind) {
		String difference = difference(change, kind);
		int point = difference.indexOf('.');
		int decimals = 0;
		while (point >= 0 && point + decimals + 1 < difference.length()
				&& Character.isDigit(difference.charAt(point + decimals + 1))) {
			decimals++;
		}
		int usual = switch (kind) {
			case INTEGER -> 0;
			case SCORE, FRACTION -> 2;
			default -> 1;
		};
		if (decimals <= usual || !present(change.previous())) {
			return value(change.previous(), kind);
		}
		return kind == Kind.FRACTION ? number(change.previous() * 100, decimals) + "%"
				: number(change.previous(), decimals);
	}

	/** The change in percent of the previous value with its sign; empty without one. */
	public static String percent(Change change) {
		Double percent = change.percent();
		return present(percent) ? signed(percent, 1) + "%" : "";
	}

	/** Whether there is a change to tell: both values there. */
	public static boolean hasChange(Change change) {
		return present(change.difference());
	}

	/**
	 * Up or down as an arrow; none for no change, nor for one that rounds to nothing as
	 * written ("\u25BC 0.0%" would tell of a fall that is not there).
	 */
	public static String arrow(Change change, Kind kind) {
		if (!hasChange(change) || noChange(change, kind)) {
			return "";
		}
		return change.difference() > 0 ? "\u25B2" : "\u25BC";
	}

	/**
	 * Whether there is a change, but one that rounds to nothing as its kind is written:
	 * the two values read the same ("down 0.0004 from 0.92" beside 0.92 would contradict
	 * itself), or the difference does.
	 */
	public static boolean noChange(Change change, Kind kind) {
		String difference = difference(change, kind);
		if (difference.isEmpty()) {
			return false;
		}
		return value(change.current(), kind).equals(value(change.previous(), kind))
				|| (!difference.startsWith("+") && !difference.startsWith("-"));
	}

	/**
	 * A change as every report shows it, by one rule: "\u25B2 +30.0 (+15.0%)"; a rate's
	 * in percentage points, "\u25B2 +0.05 pp", since a percent of a percentage misleads;
	 * "no change" without an arrow; empty without both values.
	 */
	public static String shown(Change change, Kind kind) {
		if (!hasChange(change)) {
			return "";
		}
		if (noChange(change, kind)) {
			return "no change";
		}
		String relative = kind == Kind.FRACTION ? "" : percent(change);
		return arrow(change, kind) + " " + difference(change, kind) + (relative.isEmpty() ? "" : " (" + relative + ")");
	}

	/**
	 * How much a figure moved, in one word for a regression's line: a rate in percentage
	 * points ("+0.12 pp"), any other figure in percent ("+80.2%"); empty without it.
	 */
	public static String moved(Change change, Kind kind) {
		return kind == Kind.FRACTION ? difference(change, kind) : percent(change);
	}

	/** "up", "down" or "unchanged"; empty without a change. */
	public static String direction(Change change) {
		Double difference = change.difference();
		if (!present(difference)) {
			return "";
		}
		return difference > 0 ? "up" : difference < 0 ? "down" : "unchanged";
	}

	/**
	 * Better or worse by the difference's sign, so that a change from 0, which has no
	 * percentage, is judged too; neither for a change too small to matter: a rate's of
	 * less than the notable percentage points, any other figure's of less than the
	 * notable percent, or one that rounds to nothing as written.
	 */
	public static Verdict verdict(Overview.Better better, Change change, Kind kind) {
		return verdict(better, change, kind, Thresholds.DEFAULT);
	}

	/**
	 * {@link #verdict(Overview.Better, Change, Kind)} under a definition's thresholds.
	 */
	public static Verdict verdict(Overview.Better better, Change change, Kind kind, Thresholds thresholds) {
		Double difference = change.difference();
		Double percent = change.percent();
		if (!present(difference) || difference == 0 || better == Overview.Better.NEITHER || noChange(change, kind)) {
			return Verdict.NEUTRAL;
		}
		boolean small = kind == Kind.FRACTION ? Math.abs(difference) * 100 < thresholds.notablePp()
				: percent != null && Math.abs(percent) < thresholds.notablePct();
		if (small) {
			return Verdict.NEUTRAL;
		}
		return (difference > 0) == (better == Overview.Better.HIGHER) ? Verdict.BETTER : Verdict.WORSE;
	}

	/**
	 * The change in a few words for plain text: "up 30.0 (+15.0%) from 200.0, worse";
	 * empty without a change.
	 */
	public static String inWords(Change change, Kind kind, Overview.Better better) {
		return inWords(change, kind, better, Thresholds.DEFAULT);
	}

	/**
	 * {@link #inWords(Change, Kind, Overview.Better)} under a definition's thresholds.
	 */
	public static String inWords(Change change, Kind kind, Overview.Better better, Thresholds thresholds) {
		if (!hasChange(change)) {
			return "";
		}
		if (change.difference() == 0 || noChange(change, kind)) {
			return "unchanged from " + value(change.previous(), kind);
		}
		String previous = from(change, kind);
		String percent = kind == Kind.FRACTION ? "" : percent(change);
		String words = direction(change) + " " + difference(change, kind).replaceFirst("^[+-]", "")
				+ (percent.isEmpty() ? "" : " (" + percent + ")") + " from " + previous;
		Verdict verdict = verdict(better, change, kind, thresholds);
		return verdict == Verdict.NEUTRAL ? words : words + ", " + verdict.name().toLowerCase(Locale.ROOT);
	}

	/**
	 * With its sign, and up to two more decimals where the usual ones would round a real
	 * change to nothing ("-0.001" rather than "down 0.00"); what still rounds to nothing
	 * has no sign.
	 */
	private static String signed(double value, int decimals) {
		for (int places = decimals; places <= decimals + 2; places++) {
			String text = String.format(Locale.ENGLISH, "%+,." + places + "f", value);
			if (!text.matches("[+-][0.,]+")) {
				return text;
			}
		}
		return String.format(Locale.ENGLISH, "%,." + decimals + "f", 0.0);
	}

	private static boolean present(Double value) {
		return value != null && !value.isNaN() && !value.isInfinite();
	}

}
