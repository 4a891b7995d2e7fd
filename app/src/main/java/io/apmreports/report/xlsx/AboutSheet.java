package io.apmreports.report.xlsx;

import java.util.List;

import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.xssf.streaming.SXSSFSheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;

import io.apmreports.formula.Kind;
import io.apmreports.report.ReportHeader;
import io.apmreports.staging.AboutRow;

/**
 * The last sheet: the formulas as implemented, then a table of each application's
 * provenance; in a workbook of the cost report alone, which reads no application's
 * metrics, how the bill is split instead.
 */
final class AboutSheet {

	/** The formulas as implemented, for readers of the About sheet. */
	static final List<String> FORMULAS = List.of(
			"All figures are summarized over the range; every query of a calculation uses that range.",
			"throughput_rpm = HttpDispatcher:requests_per_minute",
			"non_web_throughput_rpm = OtherTransaction/all:requests_per_minute",
			"response_time_ms = HttpDispatcher:average_call_time + WebFrontend/QueueTime:call_count x "
					+ "WebFrontend/QueueTime:average_response_time / HttpDispatcher:call_count",
			"web_transaction_time_ms = WebTransactionTotalTime:average_response_time (older agents: "
					+ "HttpDispatcher:average_call_time)",
			"datastore_ms = sum over types of Datastore/<type>/allWeb:average_response_time x call_count / "
					+ "HttpDispatcher:call_count",
			"database_ms = Database/allWeb:average_response_time x call_count / HttpDispatcher:call_count",
			"ruby_database_ms = ActiveRecord/all:average_response_time x call_count / HttpDispatcher:call_count",
			"external_ms, cache_ms: External/allWeb, Memcache/allWeb the same way (a cache the agent reports as "
					+ "Datastore/<type>/allWeb, such as Redis, is datastore time)",
			"application_time_ms = web_transaction_time_ms - datastore - database - ruby database - external - cache",
			"apdex_score = Apdex:score; error_rate = Errors/all:error_count / (HttpDispatcher:call_count + "
					+ "OtherTransaction/all:call_count)",
			"Absent metrics drop their term and leave an empty cell; one database formula per application.");

	/** How the cost report splits the bill, for readers of its About sheet. */
	static final List<String> COST_FORMULAS = List.of(
			"The vendor's bill for the month (NrConsumption), split by measured estimates.",
			"an account's own GB = its GigabytesIngested of the month per usage metric; the parent's, where its row "
					+ "holds its children's (parent-row: includes-children), less its children's rows",
			"an application's share = its bytecountestimate() over the days measured / the estimate of all of the "
					+ "rule's events, those without an application too",
			"an application's GB = its share x its account's own GB of the usage metric; unallocated = own GB - the "
					+ "applications' GB, exactly, so each account's lines add up to its bill",
			"usage metrics without a rule (logs, infrastructure, custom events, ...) are unallocated whole",
			"estimated GB = the days measured's estimate x days in the month / days measured",
			"billable GB = the month's GB rounded down to a whole GB - the free allowance, never below 0; "
					+ "cost = quantity x the definition's price, where it gives prices",
			"team = the application's group-by tag, by name; the months before are split by the estimates kept of "
					+ "their days");

	/**
	 * What a line of a formula holds, in characters: about the narrowest the table under
	 * them gets, its names and words columns at their shortest.
	 */
	private static final int FORMULA_LINE = 90;

	private AboutSheet() {
	}

	/**
	 * Creates the sheet with its formulas written, and returns the provenance table below
	 * them.
	 */
	static SheetTable<AboutRow> create(SXSSFWorkbook workbook, WorkbookStyles styles, ReportHeader header) {
		SXSSFSheet sheet = workbook.createSheet("About");
		for (int i = 0; i < FORMULAS.size(); i++) {
			Row row = sheet.createRow(i);
			if (i == 0) {
				styles.heading(row, 0, FORMULAS.get(i));
			}
			else {
				// wrapped over the table's width: a formula left to run on past the
				// table's last column was cut at the printed page's edge
				row.createCell(0).setCellValue(FORMULAS.get(i));
				row.getCell(0).setCellStyle(styles.of(Kind.TEXT));
				sheet.addMergedRegion(new CellRangeAddress(i, i, 0, SheetColumns.ABOUT.size() - 1));
				row.setHeightInPoints(CellWidths.lines(FORMULAS.get(i), FORMULA_LINE) * SheetTable.LINE_POINTS);
			}
		}
		sheet.createRow(FORMULAS.size()).createCell(0).setCellValue("Read from " + header.account() + ".");
		return new SheetTable<>(sheet, SheetColumns.ABOUT, FORMULAS.size() + 2, styles, header);
	}

	/**
	 * Creates the sheet of a workbook of the cost report alone: how the bill is split,
	 * one wrapped line each, and no application table, as no application is read.
	 */
	static void createForCost(SXSSFWorkbook workbook, WorkbookStyles styles, ReportHeader header) {
		SXSSFSheet sheet = workbook.createSheet("About");
		sheet.setColumnWidth(0, FORMULA_LINE * 256);
		styles.heading(sheet.createRow(0), 0, COST_FORMULAS.get(0));
		for (int i = 1; i < COST_FORMULAS.size(); i++) {
			Row row = sheet.createRow(i);
			row.createCell(0).setCellValue(COST_FORMULAS.get(i));
			row.getCell(0).setCellStyle(styles.of(Kind.TEXT));
			row.setHeightInPoints(CellWidths.lines(COST_FORMULAS.get(i), FORMULA_LINE) * SheetTable.LINE_POINTS);
		}
		sheet.createRow(COST_FORMULAS.size()).createCell(0).setCellValue("Read from " + header.account() + ".");
		// printed as the other sheets are, titled and in landscape: at the default
		// portrait the lines ran past the page's edge
		PrintLayout.setUp(sheet, header, 0);
	}

}
