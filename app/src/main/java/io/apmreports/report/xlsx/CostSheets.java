package io.apmreports.report.xlsx;

import java.math.BigDecimal;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.streaming.SXSSFSheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;

import io.apmreports.formula.Kind;
import io.apmreports.report.CostHistory;
import io.apmreports.report.CostReport;
import io.apmreports.report.ReportHeader;

/**
 * A cost report's sheets: "Cost by team" (each team's lines with its subtotal in bold,
 * each application's byte estimate made one of the month beside its share, so that a
 * month measured in part shows what it extrapolated; the unallocated, the organisation's
 * lines and the total, which is the bill), "Cost by account" (billed, allocated,
 * unallocated, how much was measured) and "Months" (the last twelve by team and by
 * account, with the change against the month before; a month not known is an empty cell).
 * The cost column is there only where the definition gives prices.
 */
final class CostSheets {

	static final String TEAMS = "Cost by team";

	static final String ACCOUNTS = "Cost by account";

	static final String MONTHS = "Months";

	private final WorkbookStyles styles;

	private final ReportHeader header;

	private final SXSSFSheet teams;

	private final SXSSFSheet accounts;

	private final SXSSFSheet months;

	/**
	 * Creates the sheets when the month comes, and puts them right after the Overview: a
	 * workbook that never gets one has none.
	 */
	CostSheets(SXSSFWorkbook workbook, WorkbookStyles styles, ReportHeader header) {
		this.styles = styles;
		this.header = header;
		this.teams = workbook.createSheet(TEAMS);
		this.accounts = workbook.createSheet(ACCOUNTS);
		this.months = workbook.createSheet(MONTHS);
		workbook.setSheetOrder(TEAMS, 1);
		workbook.setSheetOrder(ACCOUNTS, 2);
		workbook.setSheetOrder(MONTHS, 3);
	}

	void write(CostReport report) {
		teams(report);
		accounts(report);
		months(report.history());
	}

	private void teams(CostReport report) {
		List<String> titles = new ArrayList<>(List.of("Team", "Account", "Application", "Item", "Quantity", "Unit",
				"Share of the month's GB", "Month's estimate (GB)"));
		List<Kind> kinds = new ArrayList<>(List.of(Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.NUMBER, Kind.TEXT,
				Kind.FRACTION, Kind.NUMBER));
		priced(report, titles, kinds);
		Table table = new Table(teams, titles, kinds, new int[] { 18, 16, 24, 30, 12, 7, 12, 12, 13 });
		for (CostReport.Line line : report.lines()) {
			List<Object> cells = new ArrayList<>(Arrays.asList(line.team(), line.accountName(), line.application(),
					line.item(), line.quantity(), line.unit(), line.share(), line.estimate()));
			if (report.priced()) {
				cells.add(line.cost());
			}
			table.row(cells, line.level() != CostReport.Level.ITEM);
		}
		table.finish(2);
	}

	private void accounts(CostReport report) {
		List<String> titles = new ArrayList<>(
				List.of("Account ID", "Account", "Billed (GB)", "Allocated (GB)", "Unallocated (GB)", "Measured"));
		List<Kind> kinds = new ArrayList<>(
				List.of(Kind.ID, Kind.TEXT, Kind.NUMBER, Kind.NUMBER, Kind.NUMBER, Kind.TEXT));
		priced(report, titles, kinds);
		Table table = new Table(accounts, titles, kinds, new int[] { 11, 31, 11, 11, 11, 57, 12 });
		for (CostReport.AccountLine line : report.accounts()) {
			List<Object> cells = new ArrayList<>(Arrays.asList(line.accountId(), line.accountName(), line.billed(),
					line.allocated(), line.unallocated(), line.measured()));
			if (report.priced()) {
				cells.add(line.cost());
			}
			table.row(cells, line.accountId() == null);
		}
		table.finish(2);
	}

	private void months(CostHistory history) {
		int[] widths = new int[history.months().size() + 2];
		// one page wide at the smallest scale: 22 + 12 x 9 + 10 characters
		Arrays.fill(widths, 9);
		widths[0] = 22;
		widths[widths.length - 1] = 10;
		Table table = new Table(months, null, null, widths);
		block(table, history, "Team", history.teams());
		table.skip();
		block(table, history, "Account", history.accounts());
		table.finish(1);
	}

	private void block(Table table, CostHistory history, String what, List<CostHistory.Row> rows) {
		List<String> titles = new ArrayList<>(List.of(what));
		List<Kind> kinds = new ArrayList<>(List.of(Kind.TEXT));
		history.months().forEach(month -> {
			titles.add(month + " (GB)");
			kinds.add(Kind.NUMBER);
		});
		titles.add("Change (GB)");
		kinds.add(Kind.NUMBER);
		table.headings(titles, kinds);
		for (CostHistory.Row row : rows) {
			List<Object> cells = new ArrayList<>();
			cells.add(row.label());
			cells.addAll(row.gigabytes());
			cells.add(row.change());
			table.row(cells, false);
		}
	}

	/** The cost column, where there are prices. */
	private static void priced(CostReport report, List<String> titles, List<Kind> kinds) {
		if (report.priced()) {
			titles.add("Cost (" + report.currency() + ")");
			kinds.add(Kind.NUMBER);
		}
	}

	/** A sheet's table written row by row, subtotals and totals in bold. */
	private final class Table {

		private final SXSSFSheet sheet;

		private final int[] widths;

		private List<Kind> kinds;

		private int next;

		private int headingRow;

		Table(SXSSFSheet sheet, List<String> titles, List<Kind> kinds, int[] widths) {
			this.sheet = sheet;
			this.widths = widths;
			if (titles != null) {
				headings(titles, kinds);
			}
		}

		void headings(List<String> titles, List<Kind> kinds) {
			this.kinds = kinds;
			this.headingRow = next;
			Row row = sheet.createRow(next++);
			for (int i = 0; i < titles.size(); i++) {
				styles.columnHeading(row, i, titles.get(i), kinds.get(i));
			}
			row.setHeightInPoints(2 * SheetTable.LINE_POINTS);
		}

		void row(List<Object> cells, boolean bold) {
			Row row = sheet.createRow(next++);
			ZoneId zone = header.timeZone();
			for (int i = 0; i < cells.size(); i++) {
				Object value = cells.get(i) instanceof BigDecimal decimal ? decimal.doubleValue() : cells.get(i);
				if (bold) {
					styles.total(row, i, value, kinds.get(i));
				}
				else {
					styles.value(row, i, value, kinds.get(i), zone);
				}
			}
			row.setHeightInPoints(SheetTable.LINE_POINTS);
		}

		void skip() {
			next++;
		}

		void finish(int keyColumns) {
			for (int i = 0; i < widths.length; i++) {
				sheet.setColumnWidth(i, widths[i] * 256);
			}
			// frozen, not filtered: sorting would take the subtotals from their teams
			// (the
			// CSV file is the one to pivot)
			if (headingRow == 0) {
				sheet.createFreezePane(0, 1);
			}
			PrintLayout.setUp(sheet, header, headingRow == 0 ? 1 : 0);
			PrintLayout.fitWidth(sheet, widths.length, keyColumns, WorkbookStyles.TEXT_POINTS);
		}

	}

}
