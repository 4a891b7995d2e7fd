package io.apmreports.report.xlsx;

import java.util.List;

import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.streaming.SXSSFSheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;

import io.apmreports.formula.Kind;
import io.apmreports.report.ReportHeader;

/**
 * The About sheet of a workbook of service levels alone: how a month's attainment and
 * budget are computed and where the SLA figures come from, one wrapped line each, and the
 * account read.
 */
final class ServiceLevelAbout {

	static final List<String> FORMULAS = List.of(
			"Each service level's calendar month (the report's time zone), from the vendor's SLI metrics.",
			"attainment = min(100, good events / valid events x 100), read with the SLI's own result query over the "
					+ "month; no valid events, no attainment",
			"budget consumed = (100 - attainment) / (100 - target); budget left = 1 - consumed, below 0 when "
					+ "overspent; no budget for a target of 100",
			"colours as the vendor's: green above 25 % left, yellow at 25 % or less, red when spent",
			"the vendor keeps SLI data 13 months and only from the SLI's creation: a month before it is \"before "
					+ "the SLI existed\", never 0 or 100 %; the month it was created in is partial",
			"SLA figures of applications without service levels: requests = web calls (HttpDispatcher), Apdex and "
					+ "its satisfied, tolerating and frustrated shares (Apdex s, t, f / count), error rate = "
					+ "errors / calls; each month kept from a run, or from the source (REST v2 or NRQL)");

	private static final int LINE = 90;

	private ServiceLevelAbout() {
	}

	static void create(SXSSFWorkbook workbook, WorkbookStyles styles, ReportHeader header) {
		SXSSFSheet sheet = workbook.createSheet("About");
		sheet.setColumnWidth(0, LINE * 256);
		styles.heading(sheet.createRow(0), 0, FORMULAS.get(0));
		for (int i = 1; i < FORMULAS.size(); i++) {
			Row row = sheet.createRow(i);
			row.createCell(0).setCellValue(FORMULAS.get(i));
			row.getCell(0).setCellStyle(styles.of(Kind.TEXT));
			row.setHeightInPoints(CellWidths.lines(FORMULAS.get(i), LINE) * SheetTable.LINE_POINTS);
		}
		sheet.createRow(FORMULAS.size()).createCell(0).setCellValue("Read from " + header.account() + ".");
		PrintLayout.setUp(sheet, header, 0);
	}

}
