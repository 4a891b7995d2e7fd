package io.apmreports.report.xlsx;

import java.time.YearMonth;
import java.util.Arrays;
import java.util.List;

import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.streaming.SXSSFSheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;

import io.apmreports.formula.Kind;
import io.apmreports.report.ReportHeader;
import io.apmreports.report.ServiceLevelColumns;
import io.apmreports.report.ServiceLevelReport;
import io.apmreports.report.ServiceLevelText;

/**
 * A service-level report's sheets, right after the Overview: "Service levels" (each
 * level's month against its target, with the budget consumed and left in the vendor's
 * colours), "SLO months" (the 12 months by level: attainment, then the budget left; a
 * month before the level existed says so) and "SLA" (the applications without levels,
 * month by month, each month saying where its figures came from).
 */
final class ServiceLevelSheets {

	static final String LEVELS = "Service levels";

	static final String MONTHS = "SLO months";

	static final String SLA = "SLA";

	private static final int[] LEVEL_WIDTHS = { 16, 26, 24, 28, 9, 9, 12, 12, 14, 14, 11, 11, 26 };

	/** Application, service level, target, then a month each. */
	private static final int[] MONTH_KEYS = { 22, 26, 9 };

	private static final int MONTH_WIDTH = 12;

	private final SXSSFWorkbook workbook;

	private final WorkbookStyles styles;

	private final ServiceLevelStyles colours;

	private final ReportHeader header;

	ServiceLevelSheets(SXSSFWorkbook workbook, WorkbookStyles styles, ReportHeader header) {
		this.workbook = workbook;
		this.styles = styles;
		this.colours = new ServiceLevelStyles(workbook);
		this.header = header;
	}

	void write(ServiceLevelReport report) {
		SXSSFSheet levels = workbook.createSheet(LEVELS);
		SXSSFSheet months = workbook.createSheet(MONTHS);
		workbook.setSheetOrder(LEVELS, 1);
		workbook.setSheetOrder(MONTHS, 2);
		levels(levels, report);
		months(months, report);
		SheetTable<ServiceLevelReport.SlaLine> sla = new SheetTable<>(workbook.createSheet(SLA),
				ServiceLevelColumns.sla(report.groupBy()), 0, styles, header);
		workbook.setSheetOrder(SLA, 3);
		report.slaLines().forEach(sla::add);
		sla.finish();
	}

	private void levels(SXSSFSheet sheet, ServiceLevelReport report) {
		String month = ServiceLevelText.shortMonth(report.month());
		headings(sheet.createRow(0), report.groupTitle(), "Account", "Application", "Service level", "Target", "Window",
				"Created", "Attainment " + month, "Good events", "Valid events", "Budget consumed", "Budget left",
				"Budget");
		int next = 1;
		for (ServiceLevelReport.Level level : report.levels()) {
			Row row = sheet.createRow(next++);
			ServiceLevelReport.Month current = level.current();
			text(row, 0, level.team());
			text(row, 1, level.account());
			text(row, 2, level.applicationName());
			text(row, 3, level.name());
			text(row, 4, ServiceLevelText.target(level.targetPct()));
			text(row, 5, level.window());
			if (level.createdAt() != null) {
				text(row, 6, level.createdAt().atZoneSameInstant(header.timeZone()).toLocalDate().toString());
			}
			if (current == null) {
				continue;
			}
			if (current.beforeCreation()) {
				colours.beforeCreation(row, 7);
				continue;
			}
			colours.attainment(row, 7, current.attainmentPct(), level.targetPct(), current.partial());
			styles.number(row, 8, current.good(), Kind.INTEGER);
			styles.number(row, 9, current.valid(), Kind.INTEGER);
			colours.budget(row, 10, current.consumed(), current.colour());
			colours.budget(row, 11, current.remaining(), current.colour());
			colours.words(row, 12, current.budgetWords(), current.colour());
		}
		notes(sheet, next, report);
		finish(sheet, LEVEL_WIDTHS, 4);
	}

	/** Under the table: why it is empty, where it is. */
	private void notes(SXSSFSheet sheet, int next, ServiceLevelReport report) {
		if (!report.levelsRead()) {
			sheet.createRow(next + 1).createCell(0).setCellValue(report.headline().notes().get(0));
		}
		else if (report.levels().isEmpty()) {
			sheet.createRow(next + 1)
				.createCell(0)
				.setCellValue("No application of the selection has a service level.");
		}
	}

	private void months(SXSSFSheet sheet, ServiceLevelReport report) {
		int next = block(sheet, 0, "Attainment", report, false);
		next = block(sheet, next + 1, "Error budget left", report, true);
		sheet.createRow(next + 1)
			.createCell(0)
			.setCellValue(
					"(p) a partial month: the SLI was created during it. Green: more than 25 % of the budget left; "
							+ "yellow: 25 % or less; red: spent.");
		int[] widths = new int[MONTH_KEYS.length + report.months().size()];
		System.arraycopy(MONTH_KEYS, 0, widths, 0, MONTH_KEYS.length);
		Arrays.fill(widths, MONTH_KEYS.length, widths.length, MONTH_WIDTH);
		finish(sheet, widths, 2);
	}

	/** One table of levels by month; answers the row after it. */
	private int block(SXSSFSheet sheet, int first, String what, ServiceLevelReport report, boolean budget) {
		Row headings = sheet.createRow(first);
		styles.columnHeading(headings, 0, what + ": application", Kind.TEXT);
		styles.columnHeading(headings, 1, "Service level", Kind.TEXT);
		styles.columnHeading(headings, 2, "Target", Kind.NUMBER);
		List<YearMonth> months = report.months();
		for (int i = 0; i < months.size(); i++) {
			styles.columnHeading(headings, MONTH_KEYS.length + i, ServiceLevelText.shortMonth(months.get(i)),
					Kind.NUMBER);
		}
		headings.setHeightInPoints(2 * SheetTable.LINE_POINTS);
		int next = first + 1;
		for (ServiceLevelReport.Level level : report.levels()) {
			Row row = sheet.createRow(next++);
			text(row, 0, level.applicationName());
			text(row, 1, level.name());
			text(row, 2, ServiceLevelText.target(level.targetPct()));
			for (int i = 0; i < level.months().size(); i++) {
				ServiceLevelReport.Month month = level.months().get(i);
				int column = MONTH_KEYS.length + i;
				if (month.beforeCreation()) {
					colours.beforeCreation(row, column);
					row.setHeightInPoints(2 * SheetTable.LINE_POINTS);
				}
				else if (budget) {
					colours.budget(row, column, month.remaining(), month.colour());
				}
				else {
					colours.attainmentStarred(row, column, month.attainmentPct(), level.targetPct(), month.partial());
				}
			}
		}
		return next;
	}

	private void headings(Row row, String... titles) {
		for (int i = 0; i < titles.length; i++) {
			styles.columnHeading(row, i, titles[i], i >= 4 && i != 5 && i != 6 && i != 12 ? Kind.NUMBER : Kind.TEXT);
		}
		row.setHeightInPoints(2 * SheetTable.LINE_POINTS);
	}

	private void text(Row row, int column, String text) {
		styles.value(row, column, text == null || text.isEmpty() ? null : text, Kind.TEXT, header.timeZone());
	}

	private void finish(SXSSFSheet sheet, int[] widths, int keyColumns) {
		for (int i = 0; i < widths.length; i++) {
			sheet.setColumnWidth(i, widths[i] * 256);
		}
		sheet.createFreezePane(0, 1);
		PrintLayout.setUp(sheet, header, 1);
		PrintLayout.fitWidth(sheet, widths.length, keyColumns, WorkbookStyles.TEXT_POINTS);
	}

}
