package io.apmreports.report.xlsx;

import java.time.OffsetDateTime;

import io.apmreports.formula.Kind;

/**
 * How many characters a value takes as the workbook shows it, so that a column can be as
 * wide as its content: a streamed sheet cannot measure its cells afterwards, and POI's
 * auto-sizing would render every cell with AWT.
 */
final class CellWidths {

	/** "yyyy-mm-dd hh:mm". */
	static final int DATE_TIME = 16;

	/** "Yes" or "No". */
	static final int YES_NO = 3;

	private CellWidths() {
	}

	static int of(Object value, Kind kind) {
		if (value == null) {
			return 0;
		}
		if (value instanceof OffsetDateTime) {
			return DATE_TIME;
		}
		if (value instanceof Boolean) {
			return YES_NO;
		}
		if (value instanceof Number number) {
			return number(number.doubleValue(), kind);
		}
		return WorkbookStyles.shown(value).length();
	}

	/** The digits with grouping, sign, decimals and any percent sign of its format. */
	static int number(double value, Kind kind) {
		double shown = switch (kind) {
			case FRACTION -> value * 100;
			default -> value;
		};
		long whole = (long) Math.abs(shown);
		int digits = Long.toString(whole).length();
		boolean grouped = kind == Kind.INTEGER || kind == Kind.RATE || kind == Kind.MILLISECONDS || kind == Kind.NUMBER;
		int width = digits + (grouped ? (digits - 1) / 3 : 0) + decimals(kind);
		if (shown < 0 || kind == Kind.PERCENT || kind == Kind.POINTS) {
			width++;
		}
		if (kind == Kind.POINTS) {
			width += 3;
		}
		if (kind == Kind.FRACTION || kind == Kind.PERCENT) {
			width++;
		}
		return width;
	}

	/** The decimal places of the kind's format, with the point. */
	private static int decimals(Kind kind) {
		return switch (kind) {
			case RATE, MILLISECONDS, PERCENT -> 2;
			case FRACTION, SCORE, POINTS -> 3;
			case NUMBER -> 4;
			default -> 0;
		};
	}

	/** A heading this short stays on one line: "Change %" broken in two reads badly. */
	static final int SHORT_HEADING = 10;

	/**
	 * The narrowest width at which a heading takes at most {@code lines} lines, and no
	 * word is broken.
	 */
	static int heading(String title, int lines) {
		if (title.length() <= SHORT_HEADING) {
			return title.length();
		}
		int width = 0;
		for (String word : title.split(" ")) {
			width = Math.max(width, word.length());
		}
		while (lines(title, width) > lines) {
			width++;
		}
		return width;
	}

	/** The lines a text takes wrapped at word boundaries to {@code width} characters. */
	static int lines(String text, int width) {
		int lines = 1;
		int used = 0;
		for (String word : text.split(" ")) {
			if (used > 0 && used + 1 + word.length() > width) {
				lines++;
				used = 0;
			}
			used += (used > 0 ? 1 : 0) + word.length();
		}
		return lines;
	}

}
