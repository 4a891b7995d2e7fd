package io.apmreports.report.xlsx;

import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.ss.util.CellReference;
import org.apache.poi.xssf.streaming.SXSSFSheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;

import io.apmreports.report.ChartData;
import io.apmreports.report.ReportHeader;

/**
 * The Charts sheet: response time beside throughput over the range, then web transaction
 * time by component beside Apdex and error rate, for the same top applications in the
 * same colours, on one printed page. Their data is on a hidden sheet of its own ("Chart
 * data", last), so that the Charts sheet's columns can be sized for charts legible on a
 * page; the native charts' series point at those cells and carry their values as a cache,
 * so that viewers which do not recalculate still draw them. The same figures are on the
 * Trends, Breakdown and Summary sheets for reading.
 */
final class ChartSheet {

	static final String NAME = "Charts";

	static final String DATA_NAME = "Chart data";

	/**
	 * Narrow columns: the charts span them, and a page-wide grid of charts in narrow
	 * columns prints at nearly full size, its labels legible.
	 */
	static final int COLUMN_WIDTH = 8;

	/**
	 * A wide chart spans this many columns and rows, two side by side, so that a pair
	 * fits a screen without scrolling.
	 */
	static final int CHART_COLUMNS = 10;

	static final int CHART_ROWS = 23;

	/** The first row of the data tables, their titles. */
	static final int DATA_ROW = 0;

	/** The row of the data tables' headings, which name the series. */
	static final int HEADING_ROW = DATA_ROW + 1;

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
		PrintLayout.setUp(sheet, header, 0);
		// one page, as docs/output.md says; the charts' text is sized for the scale that
		// takes
		PrintLayout.onePage(sheet);
		if (table.isEmpty()) {
			sheet.createRow(0).createCell(0).setCellValue("No chart data for this range.");
			return;
		}
		SXSSFSheet cells = workbook.createSheet(DATA_NAME);
		new ChartCells(cells, styles).write(table);
		workbook.setSheetHidden(workbook.getSheetIndex(cells), true);
		for (int column = 0; column < 2 * CHART_COLUMNS; column++) {
			sheet.setColumnWidth(column, COLUMN_WIDTH * 256);
		}
		// SXSSF's own drawing cannot make charts; the XSSF sheet behind the streamed one
		// can
		new ChartDrawing(workbook.getXSSFWorkbook().getSheet(NAME).createDrawingPatriarch(), header.thresholds())
			.draw(table);
	}

	/**
	 * The absolute reference of a column's values below the headings, as the series
	 * formula names it.
	 */
	static String range(int column, int count) {
		CellRangeAddress cells = new CellRangeAddress(HEADING_ROW + 1, HEADING_ROW + Math.max(count, 1), column,
				column);
		return "'" + DATA_NAME + "'!" + cells.formatAsString(null, true);
	}

	/** The reference of a column's heading, which names its series. */
	static CellReference title(int column) {
		return new CellReference(DATA_NAME, HEADING_ROW, column, true, true);
	}

}
