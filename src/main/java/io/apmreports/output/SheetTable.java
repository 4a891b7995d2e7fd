package io.apmreports.output;

import java.util.List;

import org.apache.poi.ss.SpreadsheetVersion;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.xssf.streaming.SXSSFSheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;

/**
 * One sheet holding a table: a frozen header row, typed cells, set widths, an autofilter
 * at the end. A table longer than a sheet can hold (the trends of some 6,000 applications
 * over a week) goes on over further sheets, "Trends (2)" and so on, each with its header,
 * placed after the first.
 *
 * @param <R> the row type
 */
final class SheetTable<R> {

	/** The last row index a sheet has (Excel's limit, which POI enforces). */
	static final int LAST_ROW = SpreadsheetVersion.EXCEL2007.getLastRowIndex();

	private final SXSSFSheet first;

	private final List<Column<R>> columns;

	private final WorkbookStyles styles;

	private final int lastRowIndex;

	private SXSSFSheet sheet;

	private int headerRow;

	private int lastRow;

	private int firstLastRow;

	private int sheets = 1;

	/**
	 * Writes the header at {@code headerRow}: rows above it must be written before, as
	 * SXSSF writes in order.
	 */
	SheetTable(SXSSFSheet sheet, List<Column<R>> columns, int headerRow, WorkbookStyles styles) {
		this(sheet, columns, headerRow, styles, LAST_ROW);
	}

	/**
	 * @param lastRowIndex the last row index a sheet may use (for tests)
	 */
	SheetTable(SXSSFSheet sheet, List<Column<R>> columns, int headerRow, WorkbookStyles styles, int lastRowIndex) {
		this.first = sheet;
		this.sheet = sheet;
		this.columns = columns;
		this.styles = styles;
		this.headerRow = headerRow;
		this.lastRow = headerRow;
		this.firstLastRow = headerRow;
		this.lastRowIndex = lastRowIndex;
		writeHeader();
	}

	/** The table's first sheet. */
	SXSSFSheet sheet() {
		return first;
	}

	/** The last row written on the first sheet, the header row while there are none. */
	int lastRow() {
		return firstLastRow;
	}

	void add(R value) {
		if (lastRow >= lastRowIndex) {
			continueOnAnotherSheet();
		}
		Row row = sheet.createRow(++lastRow);
		if (sheet == first) {
			firstLastRow = lastRow;
		}
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

	private void continueOnAnotherSheet() {
		finish();
		sheets++;
		SXSSFWorkbook workbook = sheet.getWorkbook();
		String name = first.getSheetName() + " (" + sheets + ")";
		int after = workbook.getSheetIndex(sheet);
		sheet = workbook.createSheet(name);
		workbook.setSheetOrder(name, after + 1);
		headerRow = 0;
		lastRow = 0;
		writeHeader();
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
