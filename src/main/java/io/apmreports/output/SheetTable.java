package io.apmreports.output;

import java.util.List;

import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.xssf.streaming.SXSSFSheet;

/**
 * One sheet holding a table: a frozen header row, typed cells, set widths, an autofilter
 * at the end.
 *
 * @param <R> the row type
 */
final class SheetTable<R> {

	private final SXSSFSheet sheet;

	private final List<Column<R>> columns;

	private final WorkbookStyles styles;

	private final int headerRow;

	private int lastRow;

	/**
	 * Writes the header at {@code headerRow}: rows above it must be written before, as
	 * SXSSF writes in order.
	 */
	SheetTable(SXSSFSheet sheet, List<Column<R>> columns, int headerRow, WorkbookStyles styles) {
		this.sheet = sheet;
		this.columns = columns;
		this.styles = styles;
		this.headerRow = headerRow;
		this.lastRow = headerRow;
		writeHeader();
	}

	SXSSFSheet sheet() {
		return sheet;
	}

	/** The last row written, the header row while there are none. */
	int lastRow() {
		return lastRow;
	}

	void add(R value) {
		Row row = sheet.createRow(++lastRow);
		for (int i = 0; i < columns.size(); i++) {
			Column<R> column = columns.get(i);
			Object cellValue = column.valueOf(value);
			if (cellValue == null) {
				continue;
			}
			Cell cell = row.createCell(i);
			cell.setCellStyle(styles.of(column.kind()));
			if (cellValue instanceof Number number) {
				cell.setCellValue(number.doubleValue());
			}
			else if (cellValue instanceof Boolean flag) {
				cell.setCellValue(flag);
			}
			else {
				cell.setCellValue(CellText.of(cellValue));
			}
		}
	}

	void finish() {
		if (lastRow > headerRow) {
			sheet.setAutoFilter(new CellRangeAddress(headerRow, lastRow, 0, columns.size() - 1));
		}
	}

	private void writeHeader() {
		Row row = sheet.createRow(headerRow);
		for (int i = 0; i < columns.size(); i++) {
			styles.heading(row, i, columns.get(i).header());
			sheet.setColumnWidth(i, width(columns.get(i)));
		}
		sheet.createFreezePane(columns.size() > 2 ? 2 : 0, headerRow + 1);
	}

	private int width(Column<R> column) {
		return switch (column.kind()) {
			case TIME -> 26 * 256;
			case TEXT -> (column.header().endsWith("name") ? 28
					: column.header().contains("detail") || column.header().contains("terms") ? 60 : 16) * 256;
			default -> Math.max(12, column.header().length() + 2) * 256;
		};
	}

}
