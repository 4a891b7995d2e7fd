package io.apmreports.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.OffsetDateTime;

import io.apmreports.formula.Kind;
import io.apmreports.range.TimeRange;

/**
 * How values become text in a CSV cell: plain decimals, ISO times, and text that no
 * spreadsheet runs as a formula.
 */
public final class CellText {

	/**
	 * Figures are rounded to this many decimals: microseconds for times, far below any
	 * meaningful difference.
	 */
	public static final int DECIMALS = 3;

	private CellText() {
	}

	/**
	 * Fractions, scores and compared values keep more decimals: an error rate of 0.0004
	 * is not zero.
	 */
	public static final int FRACTION_DECIMALS = 6;

	/** Places beyond those shown where floating-point noise lives. */
	private static final int NOISE_DIGITS = 6;

	public static String of(Object value, Kind kind) {
		if (value instanceof Double number
				&& (kind == Kind.FRACTION || kind == Kind.SCORE || kind == Kind.NUMBER || kind == Kind.PERCENT)) {
			return number(number, FRACTION_DECIMALS);
		}
		return of(value);
	}

	public static String of(Object value) {
		if (value == null) {
			return "";
		}
		if (value instanceof Double number) {
			return number(number);
		}
		if (value instanceof OffsetDateTime time) {
			return TimeRange.format(time);
		}
		if (value instanceof String text) {
			return text(text);
		}
		return value.toString();
	}

	/** A number with a {@code .} decimal point, no grouping and no exponent. */
	public static String number(double value) {
		return number(value, DECIMALS);
	}

	public static String number(double value, int decimals) {
		// rounded twice: a figure computed by another path (NRQL's seconds times 1000
		// against REST's milliseconds) may land a hair under a half where the other lands
		// on it; six more places first take that noise away, so both write the same
		// digits
		BigDecimal rounded = BigDecimal.valueOf(value)
			.setScale(decimals + NOISE_DIGITS, RoundingMode.HALF_EVEN)
			.setScale(decimals, RoundingMode.HALF_UP)
			.stripTrailingZeros();
		return rounded.signum() == 0 ? "0" : rounded.toPlainString();
	}

	/** Text that a spreadsheet would take for a formula gets a leading {@code '}. */
	public static String text(String value) {
		if (!value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0) {
			return "'" + value;
		}
		return value;
	}

}
