package io.apmreports.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.YearMonth;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The words and numbers every reader says a service level's month in, so that the
 * workbook, the PDF, the e-mail and the chat say it alike: "99.86 %", "62 % left",
 * "before the SLI existed".
 */
public final class ServiceLevelText {

	/** How many levels the headline names, the worst first: the files hold them all. */
	public static final int WORST = 5;

	/** The most places an attainment is written with. */
	private static final int MOST_DECIMALS = 6;

	/** What a month before a level's creation shows, never a 0 or a 100 %. */
	static final String BEFORE_CREATION = "before the SLI existed";

	/** What a month the level was created in is marked with. */
	static final String PARTIAL = "partial month";

	/**
	 * What a month before a level's creation shows, for the readers in other packages.
	 */
	public static String beforeCreation() {
		return BEFORE_CREATION;
	}

	private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("MMMM uuuu", Locale.ENGLISH);

	private static final DateTimeFormatter SHORT_MONTH = DateTimeFormatter.ofPattern("MMM uuuu", Locale.ENGLISH);

	private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("d MMMM", Locale.ENGLISH);

	private ServiceLevelText() {
	}

	/** "October 2026". */
	public static String month(YearMonth month) {
		return MONTH.format(month);
	}

	/** "Oct 2026", as a column of months is headed. */
	public static String shortMonth(YearMonth month) {
		return SHORT_MONTH.format(month);
	}

	/**
	 * An attainment to one place more than its target has, two at least, so that 99.86 %
	 * is told from a target of 99.9 %; empty when absent.
	 */
	public static String attainment(Double attainmentPct, Double targetPct) {
		if (attainmentPct == null) {
			return "";
		}
		return String.format(Locale.ENGLISH, "%." + attainmentDecimals(attainmentPct, targetPct) + "f %%",
				attainmentPct);
	}

	/**
	 * The decimals an attainment is written with against this target: one more than the
	 * target has, two at least, and more while fewer would show an attainment below 100
	 * as 100 (99.995 as 100.00), or one off its target as the target itself.
	 */
	public static int attainmentDecimals(double attainmentPct, Double targetPct) {
		int decimals = Math.max(2, targetPct == null ? 0 : decimals(targetPct) + 1);
		while (decimals < MOST_DECIMALS && (misleads(attainmentPct, 100.0, decimals)
				|| (targetPct != null && misleads(attainmentPct, targetPct, decimals)))) {
			decimals++;
		}
		return decimals;
	}

	/** Whether the value, rounded, reads as {@code other} without being it. */
	private static boolean misleads(double value, double other, int decimals) {
		return value != other && BigDecimal.valueOf(value)
			.setScale(decimals, RoundingMode.HALF_UP)
			.compareTo(BigDecimal.valueOf(other)) == 0;
	}

	/** A target as it was set: "99.9 %"; empty without one. */
	public static String target(Double targetPct) {
		return targetPct == null ? "" : plain(targetPct) + " %";
	}

	/**
	 * A share of a budget in percent: whole percents, one place under 10 % ("140 %", "3.5
	 * %"); empty when absent.
	 */
	public static String share(Double fraction) {
		if (fraction == null) {
			return "";
		}
		double percent = fraction * 100;
		return String.format(Locale.ENGLISH, Math.abs(percent) < 10 ? "%.1f %%" : "%.0f %%", percent);
	}

	/**
	 * A month's budget in words: "62 % left", "spent: 140 % used", "before the SLI
	 * existed", "no target", "no valid events"; "(partial month)" after a month the level
	 * was created in.
	 */
	public static String budget(ServiceLevelReport.Month month) {
		if (month.beforeCreation()) {
			return BEFORE_CREATION;
		}
		String words;
		if (month.attainmentPct() == null) {
			words = "no valid events";
		}
		else if (month.consumed() == null) {
			words = "no target";
		}
		else if (month.colour() == BudgetColour.RED) {
			words = "spent: " + share(month.consumed()) + " used";
		}
		else {
			words = share(month.remaining()) + " left";
		}
		return month.partial() ? words + " (" + PARTIAL + ")" : words;
	}

	/**
	 * The level's month in a sentence: "Checkout availability spent 140 % of its error
	 * budget in October 2026: 99.86 % against 99.9 %".
	 */
	public static String sentence(ServiceLevelReport.Level level) {
		ServiceLevelReport.Month month = level.current();
		String name = level.name().toLowerCase(Locale.ROOT).contains(level.applicationName().toLowerCase(Locale.ROOT))
				? level.name() : level.name() + " (" + level.applicationName() + ")";
		String in = month == null ? "" : " in " + month(month.month());
		String sentence;
		if (month == null || month.beforeCreation()) {
			sentence = name + " has no figures" + in + ": " + BEFORE_CREATION;
		}
		else if (month.attainmentPct() == null) {
			sentence = name + " had no valid events" + in;
		}
		else if (month.consumed() == null) {
			sentence = name + " attained " + attainment(month.attainmentPct(), null) + in + ", without a target";
		}
		else {
			String against = ": " + attainment(month.attainmentPct(), level.targetPct()) + " against "
					+ target(level.targetPct());
			sentence = month.colour() == BudgetColour.RED
					? name + " spent " + share(month.consumed()) + " of its error budget" + in + against
					: name + " used " + share(month.consumed()) + " of its error budget" + in + ", "
							+ share(month.remaining()) + " left" + against;
		}
		if (month != null && month.partial() && level.createdAt() != null) {
			sentence += " (a " + PARTIAL + ": created " + DAY.format(level.createdAt()) + ")";
		}
		return sentence;
	}

	private static int decimals(double value) {
		return Math.max(0, BigDecimal.valueOf(value).stripTrailingZeros().scale());
	}

	private static String plain(double value) {
		return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
	}

}
