package io.apmreports.report.xlsx;

import java.time.ZoneId;
import java.util.List;

import org.apache.poi.ss.SpreadsheetVersion;
import org.apache.poi.common.usermodel.HyperlinkType;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.Hyperlink;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.xssf.streaming.SXSSFSheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;

import io.apmreports.formula.Kind;
import io.apmreports.report.Column;
import io.apmreports.report.ReportHeader;

/**
 * One sheet holding a table: a frozen header row of titles, typed cells, columns as wide
 * as their content, an autofilter at the end, set up for printing. A table longer than a
 * sheet can hold (the hosts of some 6,000 applications) goes on over further sheets,
 * "Hosts (2)" and so on, each with its header, placed after the first.
 *
 * @param <R> the row type
 */
final class SheetTable<R> {

	/** The last row index a sheet has (Excel's limit, which POI enforces). */
	static final int LAST_ROW = SpreadsheetVersion.EXCEL2007.getLastRowIndex();

	/**
	 * The widest a text column gets, in characters; a longer text wraps (a status detail
	 * can run to a paragraph).
	 */
	static final int WIDEST_TEXT = 48;

	/** Space beside a cell's content, in characters. */
	private static final int PADDING = 2;

	/**
	 * The height of a line of the default font, in points: as LibreOffice fits a row to
	 * 10 points; at 15 a table of a hundred rows printed on a page more.
	 */
	static final float LINE_POINTS = 12.75f;

	/**
	 * A table wider than this many columns breaks its headings over three lines rather
	 * than two, so that its printout, one page wide, stays legible.
	 */
	private static final int WIDE = 8;

	/**
	 * What a wrapped text's line holds: the widest text column less padding and indent,
	 * in letters, which are narrower than the digit a width counts in (by a third and
	 * more, as LibreOffice sets a status detail).
	 */
	private static final int TEXT_LINE = (WIDEST_TEXT - 3) * 4 / 3;

	private final SXSSFSheet first;

	private final List<Column<R>> columns;

	private final WorkbookStyles styles;

	private final ReportHeader report;

	private final ZoneId zone;

	private final int lastRowIndex;

	/** The widest content so far per column, in characters. */
	private final int[] widest;

	/** The column of the application's name, which a row may link; -1 for none. */
	private final int nameColumn;

	private SXSSFSheet sheet;

	private int headerRow;

	private int lastRow;

	private int firstLastRow;

	private int sheets = 1;

	/**
	 * Writes the header at {@code headerRow}: rows above it must be written before, as
	 * SXSSF writes in order.
	 */
	SheetTable(SXSSFSheet sheet, List<Column<R>> columns, int headerRow, WorkbookStyles styles, ReportHeader report) {
		this(sheet, columns, headerRow, styles, report, LAST_ROW);
	}

	/**
	 * @param lastRowIndex the last row index a sheet may use (for tests)
	 */
	SheetTable(SXSSFSheet sheet, List<Column<R>> columns, int headerRow, WorkbookStyles styles, ReportHeader report,
			int lastRowIndex) {
		this.first = sheet;
		this.sheet = sheet;
		this.columns = columns;
		this.styles = styles;
		this.report = report;
		this.zone = report.timeZone();
		this.headerRow = headerRow;
		this.lastRow = headerRow;
		this.firstLastRow = headerRow;
		this.lastRowIndex = lastRowIndex;
		this.widest = new int[columns.size()];
		this.nameColumn = nameColumn(columns);
		for (int i = 0; i < columns.size(); i++) {
			// bold takes about a character more, and a text's indent one more
			widest[i] = heading(i) + (WorkbookStyles.numeric(columns.get(i).kind()) ? 1 : 2);
		}
		writeHeader();
	}

	List<Column<R>> columns() {
		return columns;
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
		Row row = nextRow();
		int lines = 1;
		for (int i = 0; i < columns.size(); i++) {
			Column<R> column = columns.get(i);
			Object cellValue = column.valueOf(value);
			Kind kind = column.kindOf(value);
			styles.value(row, i, cellValue, kind, zone);
			measure(i, cellValue, kind);
			if (kind == Kind.TEXT && cellValue != null) {
				lines = Math.max(lines, CellWidths.lines(WorkbookStyles.shown(cellValue), TEXT_LINE));
			}
		}
		// a wrapped text needs the height of its lines: LibreOffice, for one, does not
		// fit a row to its text when it opens a file; a row of one line is given its
		// height too, which the default row height exceeds
		row.setHeightInPoints(lines * LINE_POINTS);
	}

	/**
	 * A row whose application name links to {@code link}, the application's page (none
	 * when null): a hyperlink object on the text cell, never a formula.
	 */
	void add(R value, String link) {
		add(value);
		if (link != null && nameColumn >= 0) {
			Cell cell = sheet.getRow(lastRow).getCell(nameColumn);
			if (cell != null) {
				Hyperlink hyperlink = sheet.getWorkbook().getCreationHelper().createHyperlink(HyperlinkType.URL);
				hyperlink.setAddress(link);
				cell.setHyperlink(hyperlink);
				cell.setCellStyle(styles.link());
			}
		}
	}

	private static <R> int nameColumn(List<Column<R>> columns) {
		for (int i = 0; i < columns.size(); i++) {
			if (columns.get(i).namesTheApplication()) {
				return i;
			}
		}
		return -1;
	}

	/**
	 * A bold row under the table, outside its filter so that sorting leaves it last.
	 * @param cells a value per column, {@code null} for an empty cell
	 */
	void addTotal(List<Object> cells) {
		addTotals(List.of(cells));
	}

	/**
	 * Bold rows under the table, as {@link #addTotal}: subtotals, then the total.
	 * @param rows each row's value per column, {@code null} for an empty cell
	 */
	void addTotals(List<List<Object>> rows) {
		for (List<Object> cells : rows) {
			Row row = nextRow();
			for (int i = 0; i < columns.size(); i++) {
				styles.total(row, i, cells.get(i), columns.get(i).kind());
				measure(i, cells.get(i), columns.get(i).kind());
			}
		}
		// not rows of the table: its filter, and what the highlights cover, end above
		// them
		lastRow -= rows.size();
		if (sheet == first) {
			firstLastRow -= rows.size();
		}
	}

	void finish() {
		for (int i = 0; i < columns.size(); i++) {
			int width = widest[i] + PADDING;
			sheet.setColumnWidth(i,
					Math.min(width, WorkbookStyles.numeric(columns.get(i).kind()) ? width : WIDEST_TEXT) * 256);
		}
		if (lastRow > headerRow) {
			sheet.setAutoFilter(new CellRangeAddress(headerRow, lastRow, 0, columns.size() - 1));
		}
		// the id and the name, which the first columns are, name a row on every page
		PrintLayout.fitWidth(sheet, columns.size(), Math.min(2, columns.size() - 1), WorkbookStyles.TEXT_POINTS);
	}

	private Row nextRow() {
		if (lastRow >= lastRowIndex) {
			continueOnAnotherSheet();
		}
		Row row = sheet.createRow(++lastRow);
		if (sheet == first) {
			firstLastRow = lastRow;
		}
		return row;
	}

	private void measure(int column, Object value, Kind kind) {
		widest[column] = Math.max(widest[column], CellWidths.of(value, kind));
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

	/** The width at which the column's title takes the lines the table allows. */
	private int heading(int column) {
		return CellWidths.heading(columns.get(column).title(), columns.size() > WIDE ? 3 : 2);
	}

	private void writeHeader() {
		Row row = sheet.createRow(headerRow);
		int lines = 1;
		for (int i = 0; i < columns.size(); i++) {
			Column<R> column = columns.get(i);
			styles.columnHeading(row, i, column.title(), column.kind());
			lines = Math.max(lines, CellWidths.lines(column.title(), heading(i)));
		}
		// set, as a streamed row is on disk before the widths are known; the widths only
		// grow, so the titles never need more lines than at their narrowest
		row.setHeightInPoints(lines * LINE_POINTS);
		if (headerRow == 0) {
			// a table under text would freeze the text with it, and repeat it on every
			// printed page
			sheet.createFreezePane(columns.size() > 2 ? 2 : 0, 1);
			PrintLayout.setUp(sheet, report, 1);
		}
		else {
			PrintLayout.setUp(sheet, report, 0);
		}
	}

}
