package io.apmreports.report.xlsx;

import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.EnumMap;
import java.util.Map;

import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.Font;
import org.apache.poi.ss.usermodel.HorizontalAlignment;
import org.apache.poi.ss.usermodel.IndexedColors;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.VerticalAlignment;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;

import io.apmreports.formula.Kind;
import io.apmreports.report.CellText;

/**
 * The workbook's cell styles, each created once: a workbook holds a limited number of
 * styles, and cells share them. Bold for headings, and one number format per
 * {@link Kind}: numbers right-aligned and texts left-aligned, so that neither runs into
 * its neighbour.
 */
final class WorkbookStyles {

	/**
	 * The size the tables' text prints at before scaling: the workbook's default font's
	 * size.
	 */
	static final int TEXT_POINTS = 10;

	/** A change in percent, signed: the workbook holds it as a fraction of one. */
	static final String PERCENT_FORMAT = "+0.0%;-0.0%;0.0%";

	/** A rate's change: signed, in percentage points. */
	static final String POINTS_FORMAT = "+0.00\" pp\";-0.00\" pp\";0.00\" pp\"";

	private final SXSSFWorkbook workbook;

	private final Map<Kind, CellStyle> styles = new EnumMap<>(Kind.class);

	private final Map<Kind, CellStyle> totals = new EnumMap<>(Kind.class);

	private final Font boldFont;

	private final CellStyle bold;

	private final CellStyle textHeader;

	private final CellStyle link;

	private final CellStyle numberHeader;

	WorkbookStyles(SXSSFWorkbook workbook) {
		this.workbook = workbook;
		// the default font, which column widths are counted in, at the tables' size: at
		// 11 points every column, and so every printed table, was a tenth wider
		workbook.getFontAt(0).setFontHeightInPoints((short) TEXT_POINTS);
		this.boldFont = workbook.createFont();
		this.boldFont.setFontHeightInPoints((short) TEXT_POINTS);
		this.boldFont.setBold(true);
		this.bold = workbook.createCellStyle();
		this.bold.setFont(boldFont);
		this.textHeader = header(HorizontalAlignment.LEFT);
		this.numberHeader = header(HorizontalAlignment.RIGHT);
		// wrapped: a text longer than its column's widest setting goes on over lines
		// rather than under the next column
		CellStyle text = aligned(workbook.createCellStyle(), HorizontalAlignment.LEFT);
		text.setWrapText(true);
		styles.put(Kind.TEXT, text);
		Font linkFont = workbook.createFont();
		linkFont.setFontHeightInPoints((short) TEXT_POINTS);
		linkFont.setUnderline(Font.U_SINGLE);
		linkFont.setColor(IndexedColors.BLUE.getIndex());
		this.link = aligned(workbook.createCellStyle(), HorizontalAlignment.LEFT);
		this.link.setWrapText(true);
		this.link.setFont(linkFont);
		styles.put(Kind.BOOLEAN, aligned(workbook.createCellStyle(), HorizontalAlignment.LEFT));
		// a real date-time, in the report's zone, that sorts and filters as one
		styles.put(Kind.TIME, numberStyle("yyyy-mm-dd hh:mm"));
		// thousands grouped: 51,253,800 reads at a glance where 51253800 does not
		styles.put(Kind.INTEGER, numberStyle("#,##0"));
		styles.put(Kind.ID, numberStyle("0"));
		styles.put(Kind.RATE, numberStyle("#,##0.0"));
		styles.put(Kind.MILLISECONDS, numberStyle("#,##0.0"));
		styles.put(Kind.FRACTION, numberStyle("0.00%"));
		styles.put(Kind.SCORE, numberStyle("0.00"));
		styles.put(Kind.PERCENT, numberStyle(PERCENT_FORMAT));
		styles.put(Kind.POINTS, numberStyle(POINTS_FORMAT));
		styles.put(Kind.NUMBER, numberStyle("#,##0.###"));
	}

	CellStyle bold() {
		return bold;
	}

	CellStyle of(Kind kind) {
		return styles.get(kind);
	}

	/** A bold text cell, as headings and labels are written. */
	void heading(Row row, int column, String text) {
		Cell cell = row.createCell(column);
		cell.setCellValue(text);
		cell.setCellStyle(bold);
	}

	/**
	 * A table's column heading: bold, wrapped over lines rather than widening its column,
	 * aligned as the column's values are.
	 */
	void columnHeading(Row row, int column, String text, Kind kind) {
		Cell cell = row.createCell(column);
		cell.setCellValue(text);
		cell.setCellStyle(numeric(kind) ? numberHeader : textHeader);
	}

	/**
	 * A number in the format of its kind; {@code null} leaves the cell out, an empty cell
	 * rather than a 0. A {@link Kind#PERCENT} value is in percent (50 for half again), as
	 * the report's model holds it, and is written as the fraction a percent format shows.
	 */
	void number(Row row, int column, Double value, Kind kind) {
		number(row, column, value, kind, styles.get(kind));
	}

	/**
	 * A date-time cell showing the instant in {@code zone}, as the report's reader counts
	 * the hours; {@code null} leaves the cell out.
	 */
	void dateTime(Row row, int column, OffsetDateTime time, ZoneId zone) {
		if (time != null) {
			Cell cell = row.createCell(column);
			cell.setCellValue(time.atZoneSameInstant(zone).toLocalDateTime());
			cell.setCellStyle(styles.get(Kind.TIME));
		}
	}

	/**
	 * A table's cell: a number in its kind's format, a time as a date-time in
	 * {@code zone}, a flag as Yes or No, anything else as text; {@code null} leaves the
	 * cell out.
	 */
	void value(Row row, int column, Object value, Kind kind, ZoneId zone) {
		if (value instanceof OffsetDateTime time) {
			dateTime(row, column, time, zone);
		}
		else if (value instanceof Number number) {
			number(row, column, number.doubleValue(), kind, styles.get(kind));
		}
		else if (value != null) {
			text(row, column, value, styles.get(kind == Kind.BOOLEAN ? Kind.BOOLEAN : Kind.TEXT));
		}
	}

	/** A name that links to its page: blue and underlined, as readers know links. */
	CellStyle link() {
		return link;
	}

	/** As {@link #value}, in bold: a table's total row. */
	void total(Row row, int column, Object value, Kind kind) {
		if (value instanceof Number number) {
			number(row, column, number.doubleValue(), kind, totalStyle(kind));
		}
		else if (value != null) {
			text(row, column, value, totalStyle(Kind.TEXT));
		}
	}

	private static void number(Row row, int column, Double value, Kind kind, CellStyle style) {
		if (value != null) {
			Cell cell = row.createCell(column);
			cell.setCellValue(kind == Kind.PERCENT ? value / 100 : value);
			cell.setCellStyle(style);
		}
	}

	private static void text(Row row, int column, Object value, CellStyle style) {
		Cell cell = row.createCell(column);
		cell.setCellValue(shown(value));
		cell.setCellStyle(style);
	}

	/**
	 * A value as a text cell shows it: a name as it is, since a cell written as text is
	 * never run as a formula (the CSV file's leading {@code '} guards a file that a
	 * spreadsheet parses, and in a cell it would show); Yes or No for a flag.
	 */
	static String shown(Object value) {
		if (value instanceof String text) {
			return text;
		}
		return value instanceof Boolean flag ? (flag ? "Yes" : "No") : CellText.of(value);
	}

	private CellStyle totalStyle(Kind kind) {
		return totals.computeIfAbsent(kind, of -> {
			CellStyle style = workbook.createCellStyle();
			style.cloneStyleFrom(styles.get(of));
			style.setFont(boldFont);
			return style;
		});
	}

	static boolean numeric(Kind kind) {
		return kind != Kind.TEXT && kind != Kind.BOOLEAN;
	}

	private CellStyle numberStyle(String format) {
		CellStyle style = aligned(workbook.createCellStyle(), HorizontalAlignment.RIGHT);
		style.setDataFormat(workbook.createDataFormat().getFormat(format));
		return style;
	}

	private CellStyle header(HorizontalAlignment alignment) {
		CellStyle style = workbook.createCellStyle();
		style.setFont(boldFont);
		style.setWrapText(true);
		indented(style, alignment);
		style.setVerticalAlignment(VerticalAlignment.BOTTOM);
		return style;
	}

	/** Top-aligned, so that a row with a wrapped text still reads across. */
	private static CellStyle aligned(CellStyle style, HorizontalAlignment alignment) {
		indented(style, alignment);
		style.setVerticalAlignment(VerticalAlignment.TOP);
		return style;
	}

	/**
	 * A text is set in from the left, so that it keeps apart from a right-aligned number
	 * in the column before it.
	 */
	private static void indented(CellStyle style, HorizontalAlignment alignment) {
		style.setAlignment(alignment);
		if (alignment == HorizontalAlignment.LEFT) {
			style.setIndention((short) 1);
		}
	}

}
