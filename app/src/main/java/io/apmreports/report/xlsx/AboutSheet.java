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
 * provenance.
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

}
