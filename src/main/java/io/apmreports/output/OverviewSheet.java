package io.apmreports.output;

import java.util.List;

import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;

import io.apmreports.range.TimeRange;

/**
 * The first sheet: what the report covers, the account's totals, and the worst movers
 * against the previous period.
 */
final class OverviewSheet {

	private static final String[] MOVER_HEADERS = { "Application", "Metric", "Previous", "Current", "Change %" };

	private final Sheet sheet;

	private final ReportHeader header;

	private final WorkbookStyles styles;

	OverviewSheet(Sheet sheet, ReportHeader header, WorkbookStyles styles) {
		this.sheet = sheet;
		this.header = header;
		this.styles = styles;
	}

	void write(Overview content) {
		TimeRange range = header.range();
		Object[][] lines = { { header.title(), null }, { "Report", header.report() },
				{ "From", TimeRange.format(range.from()) }, { "To", TimeRange.format(range.to()) },
				{ "Time zone", header.timeZone().getId() }, { "Generated at", TimeRange.format(header.generatedAt()) },
				{ "Applications", (double) content.applications() }, { "Failed", (double) content.failed() },
				{ "Gone (deleted during the run)", (double) content.gone() },
				{ "Calls in the range", content.headlines().get(1).change().current() },
				{ "Web throughput (rpm)", content.headlines().get(2).change().current() },
				{ "Figures", "summarized over the range; empty cells are figures whose metrics were not reported" } };
		int rowIndex = 0;
		for (Object[] line : lines) {
			Row row = sheet.createRow(rowIndex++);
			styles.heading(row, 0, String.valueOf(line[0]));
			value(row, 1, line[1]);
		}
		writeMovers(rowIndex + 1, content.regressions());
		sheet.setColumnWidth(0, 28 * 256);
		sheet.setColumnWidth(1, 60 * 256);
		for (int column = 2; column <= 4; column++) {
			sheet.setColumnWidth(column, 14 * 256);
		}
		// the movers table is wider than a portrait page; one page wide keeps a printout
		// of the first sheet whole
		PrintLayout.setUp(sheet, header, 0);
	}

	private void writeMovers(int firstRow, List<Overview.Mover> movers) {
		Row title = sheet.createRow(firstRow);
		styles.heading(title, 0, "Worst movers against the previous period");
		if (movers.isEmpty()) {
			value(title, 1, "none");
			return;
		}
		Row headings = sheet.createRow(firstRow + 1);
		for (int i = 0; i < MOVER_HEADERS.length; i++) {
			styles.heading(headings, i, MOVER_HEADERS[i]);
		}
		int rowIndex = firstRow + 2;
		for (Overview.Mover mover : movers) {
			Row row = sheet.createRow(rowIndex++);
			value(row, 0, CellText.text(mover.applicationName()));
			value(row, 1, mover.figure());
			styles.number(row, 2, mover.change().previous(), mover.kind());
			styles.number(row, 3, mover.change().current(), mover.kind());
			styles.number(row, 4, mover.change().percent(), Kind.PERCENT);
		}
	}

	private void value(Row row, int column, Object value) {
		if (value instanceof Double number) {
			styles.number(row, column, number, Kind.NUMBER);
		}
		else if (value != null) {
			row.createCell(column).setCellValue(value.toString());
		}
	}

}
