package io.apmreports.output;

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
		styles.put(Kind.TIME, text);
		styles.put(Kind.BOOLEAN, text);
		styles.put(Kind.INTEGER, numberStyle("0"));
		styles.put(Kind.RATE, numberStyle("0.0"));
		styles.put(Kind.MILLISECONDS, numberStyle("0.0"));
		styles.put(Kind.FRACTION, numberStyle("0.00%"));
		styles.put(Kind.SCORE, numberStyle("0.00"));
		styles.put(Kind.PERCENT, numberStyle("0.0\"%\""));
		styles.put(Kind.NUMBER, numberStyle("0.###"));
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
