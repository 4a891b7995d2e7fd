package io.apmreports.report.xlsx;

import java.util.List;

import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.streaming.SXSSFSheet;

import io.apmreports.formula.FigureColumn;
import io.apmreports.formula.Kind;
import io.apmreports.report.ChartData;

/**
 * Writes the charts' data on its sheet: a title over each table, headings that name the
 * series, and widths that keep it readable. An absent value stays an empty cell, which
 * the charts leave out.
 */
final class ChartCells {

	private final SXSSFSheet sheet;

	private final WorkbookStyles styles;

	ChartCells(SXSSFSheet sheet, WorkbookStyles styles) {
		this.sheet = sheet;
		this.styles = styles;
	}

	void write(ChartTable table) {
		titles(table);
		headings(table);
		String[] slices = table.slices();
		String[] applications = table.applications();
		int rows = Math.max(slices.length, applications.length);
		for (int r = 0; r < rows; r++) {
			Row row = sheet.createRow(ChartSheet.HEADING_ROW + 1 + r);
			if (r < slices.length) {
				row.createCell(0).setCellValue(slices[r]);
				for (int s = 0; s < table.lines().size(); s++) {
					styles.number(row, table.responseColumn(s), table.responseTimes()[s][r], Kind.MILLISECONDS);
					styles.number(row, table.throughputColumn(s), table.throughputs()[s][r], Kind.RATE);
				}
			}
			if (r < applications.length) {
				row.createCell(table.barColumn()).setCellValue(applications[r]);
				for (int p = 0; p < table.parts().length; p++) {
					styles.number(row, table.barColumn() + 1 + p, table.parts()[p][r], Kind.MILLISECONDS);
				}
				styles.number(row, table.apdexColumn(), table.apdex()[r], Kind.SCORE);
				styles.number(row, table.errorRateColumn(), table.errorRates()[r], Kind.FRACTION);
			}
		}
		layout(table);
	}

	private void titles(ChartTable table) {
		Row row = sheet.createRow(ChartSheet.DATA_ROW);
		if (!table.lines().isEmpty()) {
			styles.heading(row, table.responseColumn(0), FigureColumn.RESPONSE_TIME_MS.title());
			styles.heading(row, table.throughputColumn(0), FigureColumn.THROUGHPUT_RPM.title());
		}
		if (table.applications().length > 0) {
			styles.heading(row, table.barColumn() + 1, "Web transaction time by component (ms)");
			styles.heading(row, table.apdexColumn(), "Apdex and errors");
		}
	}

	private void headings(ChartTable table) {
		Row row = sheet.createRow(ChartSheet.HEADING_ROW);
		List<ChartData.Series> lines = table.lines();
		if (!lines.isEmpty()) {
			heading(row, 0, table.timeAxis());
			for (int s = 0; s < lines.size(); s++) {
				heading(row, table.responseColumn(s), lines.get(s).applicationName());
				heading(row, table.throughputColumn(s), lines.get(s).applicationName());
			}
		}
		if (table.applications().length > 0) {
			heading(row, table.barColumn(), "Application");
			for (int p = 0; p < ChartTable.COMPONENTS.size(); p++) {
				heading(row, table.barColumn() + 1 + p, ChartData.Components.name(ChartTable.COMPONENTS.get(p)));
			}
			heading(row, table.apdexColumn(), "Apdex score");
			heading(row, table.errorRateColumn(), "Error rate");
		}
	}

	private void heading(Row row, int column, String text) {
		styles.heading(row, column, text);
	}

	/** Widths that keep the tables readable. */
	private void layout(ChartTable table) {
		for (int c = 0; c <= table.errorRateColumn(); c++) {
			sheet.setColumnWidth(c, 14 * 256);
		}
		if (!table.lines().isEmpty()) {
			sheet.setColumnWidth(0, 30 * 256);
		}
		if (table.applications().length > 0) {
			int widest = 14 * 256;
			for (String application : table.applications()) {
				widest = Math.max(widest, width(application));
			}
			sheet.setColumnWidth(table.barColumn(), widest);
		}
	}

	/**
	 * Wide enough for a name, within bounds: a very long name would push the charts
	 * apart.
	 */
	private static int width(String name) {
		return Math.min(Math.max(14, name == null ? 0 : name.length() + 2), 32) * 256;
	}

}
