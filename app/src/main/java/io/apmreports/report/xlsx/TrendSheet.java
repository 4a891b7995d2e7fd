package io.apmreports.report.xlsx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.poi.ss.usermodel.BorderStyle;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.HorizontalAlignment;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.VerticalAlignment;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.xssf.streaming.SXSSFSheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.openxmlformats.schemas.spreadsheetml.x2006.main.CTCol;
import org.openxmlformats.schemas.spreadsheetml.x2006.main.CTCols;

import io.apmreports.formula.FigureColumn;
import io.apmreports.formula.Kind;
import io.apmreports.report.ReportHeader;
import io.apmreports.report.ReportSink;
import io.apmreports.staging.NamedApplication;
import io.apmreports.staging.TrendPoint;

/**
 * The Trends sheet: one row per timeslice, its start a date-time in the report's zone,
 * and per application its response time and throughput under a heading with its name and
 * id. The rows come a group of applications at a time; each group fills a sheet of its
 * own, "Trends", "Trends (2)" and so on, placed one after the other.
 */
final class TrendSheet {

	static final String NAME = "Trends";

	/** The heading rows: the applications, then each column's figure. */
	static final int HEADING_ROWS = 2;

	static final String FROM = "From";

	static final String RESPONSE_TIME = FigureColumn.RESPONSE_TIME_MS.title();

	static final String THROUGHPUT = "Web throughput (rpm)";

	private static final int FROM_WIDTH = 17 * 256;

	/**
	 * Narrow, with the figure's title wrapped over three lines, so that a page holds six
	 * applications at a legible size: at 11, the demo's 13 applications took three pages
	 * across; at 9, "throughput" broke in two.
	 */
	private static final int FIGURE_WIDTH = 10 * 256;

	/**
	 * A row of figures, tighter than a line of text (digits have no descenders), so that
	 * a week's 168 hourly rows print on three pages in length, not four.
	 */
	private static final float ROW_POINTS = 11.5f;

	private final SXSSFWorkbook workbook;

	private final WorkbookStyles styles;

	private final ReportHeader header;

	private final CellStyle heading;

	private final CellStyle firstHeading;

	private final CellStyle figure;

	private final CellStyle firstFigure;

	private final CellStyle responseTime;

	private final SXSSFSheet first;

	private SXSSFSheet sheet;

	private int sheets;

	private final Map<Long, Integer> columns = new HashMap<>();

	private int lastRow;

	private OffsetDateTime slice;

	private Row row;

	TrendSheet(SXSSFWorkbook workbook, WorkbookStyles styles, ReportHeader header) {
		this.workbook = workbook;
		this.styles = styles;
		this.header = header;
		this.heading = headingStyle();
		this.firstHeading = leftBorder(heading);
		// in the regular weight: "throughput" in bold is wider than its narrow column,
		// and printed broken in two
		this.figure = workbook.createCellStyle();
		this.figure.cloneStyleFrom(heading);
		this.figure.setFont(workbook.getFontAt(0));
		this.firstFigure = leftBorder(figure);
		this.responseTime = leftBorder(styles.of(Kind.MILLISECONDS));
		this.first = workbook.createSheet(NAME);
	}

	/**
	 * Writes a group of applications on a sheet of its own, a row per slice.
	 * @param applications the group in report order, at most
	 * {@link ReportSink#TREND_GROUP}
	 * @param bySlice their points ordered by slice, each slice's in the group's order
	 */
	void group(List<NamedApplication> applications, List<TrendPoint> bySlice) {
		start(applications);
		bySlice.forEach(this::add);
	}

	/** Heads the first sheet even where no application had a series. */
	void finish() {
		if (sheets == 0) {
			start(List.of());
		}
	}

	private void start(List<NamedApplication> applications) {
		sheets++;
		if (sheets == 1) {
			sheet = first;
		}
		else {
			// a finished sheet would keep its last window of rows in the heap until the
			// workbook is written: a hundred sheets of 201 cells a row do not fit a small
			// one
			flush(sheet);
			String name = NAME + " (" + sheets + ")";
			int after = workbook.getSheetIndex(sheet);
			sheet = workbook.createSheet(name);
			workbook.setSheetOrder(name, after + 1);
		}
		columns.clear();
		for (int i = 0; i < applications.size(); i++) {
			columns.put(applications.get(i).id(), 1 + 2 * i);
		}
		writeHeadings(applications);
		lastRow = HEADING_ROWS - 1;
		slice = null;
		row = null;
	}

	private void writeHeadings(List<NamedApplication> applications) {
		Row names = sheet.createRow(0);
		Row figures = sheet.createRow(1);
		// a long name wraps over two lines, and "Response time (ms)" over three in its
		// narrow column
		names.setHeightInPoints(2 * SheetTable.LINE_POINTS);
		figures.setHeightInPoints(3 * SheetTable.LINE_POINTS);
		cell(figures, 0, FROM, heading);
		sheet.setColumnWidth(0, FROM_WIDTH);
		for (int i = 0; i < applications.size(); i++) {
			int column = 1 + 2 * i;
			cell(names, column, heading(applications.get(i)), firstHeading);
			cell(names, column + 1, null, heading);
			sheet.addMergedRegion(new CellRangeAddress(0, 0, column, column + 1));
			cell(figures, column, RESPONSE_TIME, firstFigure);
			cell(figures, column + 1, THROUGHPUT, figure);
		}
		if (!applications.isEmpty()) {
			figureWidths(2 * applications.size());
		}
		sheet.createFreezePane(1, HEADING_ROWS);
		PrintLayout.setUp(sheet, header, HEADING_ROWS);
		// the time of a row on every page
		PrintLayout.fitWidth(sheet, 1 + 2 * applications.size(), 1, WorkbookStyles.TEXT_POINTS);
		// an application's two columns on one page, under its name
		PrintLayout.breakBetweenGroups(sheet, 1, 2, applications.size());
	}

	private static void cell(Row row, int column, String text, CellStyle style) {
		Cell cell = row.createCell(column);
		if (text != null) {
			cell.setCellValue(text);
		}
		cell.setCellStyle(style);
	}

	private void add(TrendPoint point) {
		Integer column = columns.get(point.applicationId());
		if (column == null) {
			return;
		}
		// a new start is a new row: the series of a group share their slices
		if (slice == null || !slice.isEqual(point.from())) {
			slice = point.from();
			row = sheet.createRow(++lastRow);
			row.setHeightInPoints(ROW_POINTS);
			styles.dateTime(row, 0, slice, header.timeZone());
		}
		// a line before each application keeps a row of two dozen columns apart: an
		// absent response time is a blank cell that still draws it
		Cell cell = row.createCell(column);
		cell.setCellStyle(responseTime);
		if (point.responseTimeMs() != null) {
			cell.setCellValue(point.responseTimeMs());
		}
		styles.number(row, column + 1, point.throughputRpm(), Kind.RATE);
	}

	private CellStyle leftBorder(CellStyle base) {
		CellStyle style = workbook.createCellStyle();
		style.cloneStyleFrom(base);
		style.setBorderLeft(BorderStyle.THIN);
		return style;
	}

	private CellStyle headingStyle() {
		CellStyle style = workbook.createCellStyle();
		style.cloneStyleFrom(styles.bold());
		style.setAlignment(HorizontalAlignment.CENTER);
		style.setVerticalAlignment(VerticalAlignment.BOTTOM);
		style.setWrapText(true);
		return style;
	}

	/**
	 * How the workbook heads an application's columns: the name with the id, which tells
	 * twins apart.
	 */
	static String heading(NamedApplication application) {
		return application.name() == null ? Long.toString(application.id())
				: application.name() + " (" + application.id() + ")";
	}

	private static void flush(SXSSFSheet finished) {
		try {
			finished.flushRows();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("the workbook's temporary file cannot be written", ex);
		}
	}

	/**
	 * Gives the {@code count} figure columns after the first their width in one column
	 * range: column by column, a sheet keeps 200 XML elements in the heap until the
	 * workbook is written, and 500 sheets of them do not fit a small one.
	 */
	private void figureWidths(int count) {
		XSSFSheet template = workbook.getXSSFWorkbook().getSheet(sheet.getSheetName());
		CTCols columns = template.getCTWorksheet().sizeOfColsArray() == 0 ? template.getCTWorksheet().addNewCols()
				: template.getCTWorksheet().getColsArray(0);
		CTCol range = columns.addNewCol();
		// 1-based and inclusive: B to the last figure's column
		range.setMin(2);
		range.setMax(1 + count);
		range.setWidth(FIGURE_WIDTH / 256.0);
		range.setCustomWidth(true);
	}

}
