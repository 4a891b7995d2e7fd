package io.apmreports.output;

import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.ss.util.CellReference;
import org.apache.poi.xssf.streaming.SXSSFSheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;

/**
 * The Charts sheet: the data of its two charts in its own cells, below the charts, and
 * native charts whose series point at those cells and carry their values as a cache, so
 * that viewers which do not recalculate still draw them.
 */
final class ChartSheet {

	static final String NAME = "Charts";

	/**
	 * Each chart spans this many columns and rows, side by side, so that both fit a
	 * screen without scrolling.
	 */
	static final int CHART_COLUMNS = 10;

	static final int CHART_ROWS = 22;

	/**
	 * The first row of the data tables: below the charts, so that a reader meets the
	 * charts first.
	 */
	static final int DATA_ROW = CHART_ROWS + 1;

	private final SXSSFWorkbook workbook;

	private final SXSSFSheet sheet;

	private final WorkbookStyles styles;

	private final ReportHeader header;

	ChartSheet(SXSSFWorkbook workbook, SXSSFSheet sheet, WorkbookStyles styles, ReportHeader header) {
		this.workbook = workbook;
		this.sheet = sheet;
		this.styles = styles;
		this.header = header;
	}

	void write(ChartData data) {
		ChartTable table = ChartTable.of(data, header.timeZone());
		if (table.isEmpty()) {
			sheet.createRow(0).createCell(0).setCellValue("No chart data for this range.");
			return;
		}
		new ChartCells(sheet, styles, header).write(table);
		// SXSSF's own drawing cannot make charts; the XSSF sheet behind the streamed one
		// can
		new ChartDrawing(workbook.getXSSFWorkbook().getSheet(NAME).createDrawingPatriarch()).draw(table);
	}

	/**
	 * The absolute reference of a column's values below the header, as the series formula
	 * names it.
	 */
	static String range(int column, int count) {
		CellRangeAddress cells = new CellRangeAddress(DATA_ROW + 1, DATA_ROW + Math.max(count, 1), column, column);
		return "'" + NAME + "'!" + cells.formatAsString(null, true);
	}

	/** The reference of a column's heading, which names its series. */
	static CellReference title(int column) {
		return new CellReference(NAME, DATA_ROW, column, true, true);
	}

}
