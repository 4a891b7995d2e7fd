package io.apmreports.output;

import java.util.List;

import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.streaming.SXSSFSheet;

/** Writes the charts' data below them, with headings and widths that keep it readable. */
final class ChartCells {

	private final SXSSFSheet sheet;

	private final WorkbookStyles styles;

	private final ReportHeader report;

	ChartCells(SXSSFSheet sheet, WorkbookStyles styles, ReportHeader report) {
		this.sheet = sheet;
		this.styles = styles;
		this.report = report;
	}

	void write(ChartTable table) {
		List<ChartData.Series> lines = table.lines();
		String[] slices = table.slices();
		String[] applications = table.applications();
		int barColumn = table.barColumn();
		Row header = sheet.createRow(ChartSheet.DATA_ROW);
		if (!lines.isEmpty()) {
			heading(header, 0, table.timeAxis());
			for (int s = 0; s < lines.size(); s++) {
				heading(header, 1 + s, lines.get(s).applicationName());
			}
		}
		if (applications.length > 0) {
			heading(header, barColumn, "Application (ms)");
			for (int p = 0; p < ChartTable.COMPONENTS.size(); p++) {
				heading(header, barColumn + 1 + p, ChartTable.COMPONENTS.get(p));
			}
		}
		int rows = Math.max(slices.length, applications.length);
		for (int r = 0; r < rows; r++) {
			Row row = sheet.createRow(ChartSheet.DATA_ROW + 1 + r);
			if (r < slices.length) {
				row.createCell(0).setCellValue(slices[r]);
				for (int s = 0; s < lines.size(); s++) {
					styles.number(row, 1 + s, table.responseTimes()[s][r], Kind.MILLISECONDS);
				}
			}
			if (r < applications.length) {
				row.createCell(barColumn).setCellValue(CellText.text(applications[r]));
				for (int p = 0; p < table.parts().length; p++) {
					styles.number(row, barColumn + 1 + p, table.parts()[p][r], Kind.MILLISECONDS);
				}
			}
		}
		layout(table);
	}

	private void heading(Row row, int column, String text) {
		styles.heading(row, column, CellText.text(text));
	}

	/**
	 * Widths that keep the tables readable, and a landscape page one page wide, so a
	 * printout shows both charts.
	 */
	private void layout(ChartTable table) {
		List<ChartData.Series> lines = table.lines();
		int barColumn = table.barColumn();
		int columns = Math.max(barColumn + 1 + ChartTable.COMPONENTS.size(), ChartSheet.CHART_COLUMNS * 2 + 1);
		for (int c = 0; c < columns; c++) {
			sheet.setColumnWidth(c, 14 * 256);
		}
		if (!lines.isEmpty()) {
			sheet.setColumnWidth(0, 34 * 256);
			for (int s = 0; s < lines.size(); s++) {
				sheet.setColumnWidth(1 + s, width(lines.get(s).applicationName()));
			}
		}
		if (table.applications().length > 0) {
			int widest = 0;
			for (String application : table.applications()) {
				widest = Math.max(widest, width(application));
			}
			sheet.setColumnWidth(barColumn, widest);
		}
		PrintLayout.setUp(sheet, report, 0);
	}

	/**
	 * Wide enough for a name, within bounds: a very long name would push the charts
	 * apart.
	 */
	private static int width(String name) {
		return Math.min(Math.max(14, name == null ? 0 : name.length() + 2), 32) * 256;
	}

}
