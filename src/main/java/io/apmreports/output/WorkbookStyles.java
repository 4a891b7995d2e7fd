package io.apmreports.output;

import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.EnumMap;
import java.util.Map;

import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.Font;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;

/**
 * The workbook's cell styles, each created once: a workbook holds a limited number of
 * styles, and cells share them. Bold for headings, and one number format per
 * {@link Kind}.
 */
final class WorkbookStyles {

	private final SXSSFWorkbook workbook;

	private final Map<Kind, CellStyle> styles = new EnumMap<>(Kind.class);

	private final CellStyle bold;

	WorkbookStyles(SXSSFWorkbook workbook) {
		this.workbook = workbook;
		this.bold = boldStyle();
		CellStyle text = workbook.createCellStyle();
		styles.put(Kind.TEXT, text);
		styles.put(Kind.BOOLEAN, text);
		// a real date-time, in the report's zone, that sorts and filters as one
		styles.put(Kind.TIME, numberStyle("yyyy-mm-dd hh:mm"));
		// thousands grouped: 51,253,800 reads at a glance where 51253800 does not
		styles.put(Kind.INTEGER, numberStyle("#,##0"));
		styles.put(Kind.RATE, numberStyle("#,##0.0"));
		styles.put(Kind.MILLISECONDS, numberStyle("#,##0.0"));
		styles.put(Kind.FRACTION, numberStyle("0.00%"));
		styles.put(Kind.SCORE, numberStyle("0.00"));
		styles.put(Kind.PERCENT, numberStyle("+0.0\"%\";-0.0\"%\";0.0\"%\""));
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
	 * A number in the format of its kind; {@code null} leaves the cell out, an empty cell
	 * rather than a 0.
	 */
	void number(Row row, int column, Double value, Kind kind) {
		if (value != null) {
			Cell cell = row.createCell(column);
			cell.setCellValue(value);
			cell.setCellStyle(styles.get(kind));
		}
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

	private CellStyle numberStyle(String format) {
		CellStyle style = workbook.createCellStyle();
		style.setDataFormat(workbook.createDataFormat().getFormat(format));
		return style;
	}

	private CellStyle boldStyle() {
		Font font = workbook.createFont();
		font.setBold(true);
		CellStyle style = workbook.createCellStyle();
		style.setFont(font);
		return style;
	}

}
