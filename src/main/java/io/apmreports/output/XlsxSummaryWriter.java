package io.apmreports.output;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.Font;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.xssf.streaming.SXSSFSheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;

import io.apmreports.range.TimeRange;

/**
 * Writes the workbook with POI's streaming SXSSF: a Report sheet (title, range, zone, generated at, count) and a
 * Summary sheet with the columns of {@code summary.csv}. Rows go to disk as they come; styles are created once.
 */
public final class XlsxSummaryWriter implements SummarySink {

	/** Rows kept in memory per sheet before SXSSF flushes them to its temporary file. */
	private static final int WINDOW = 100;

	private final Path file;

	private final ReportHeader header;

	private final SXSSFWorkbook workbook = new SXSSFWorkbook(WINDOW);

	private final Sheet report;

	private final SXSSFSheet summary;

	private final Map<SummaryColumn.Kind, CellStyle> styles = new EnumMap<>(SummaryColumn.Kind.class);

	private final CellStyle bold;

	private int rows;

	public XlsxSummaryWriter(Path file, ReportHeader header) {
		this.file = file;
		this.header = header;
		this.bold = boldStyle();
		this.report = workbook.createSheet("Report");
		this.summary = workbook.createSheet("Summary");
		createStyles();
		writeSummaryHeader();
	}

	@Override
	public void accept(SummaryRow summaryRow) {
		Row row = summary.createRow(++rows);
		for (SummaryColumn column : SummaryColumn.values()) {
			Object value = column.valueOf(summaryRow);
			if (value == null) {
				continue;
			}
			Cell cell = row.createCell(column.ordinal());
			cell.setCellStyle(styles.get(column.kind()));
			switch (column.kind()) {
				case INTEGER, RATE, MILLISECONDS -> cell.setCellValue(((Number) value).doubleValue());
				case BOOLEAN -> cell.setCellValue((Boolean) value);
				default -> cell.setCellValue(CellText.of(value));
			}
		}
	}

	@Override
	public void close() throws IOException {
		try {
			writeReportSheet();
			if (rows > 0) {
				summary.setAutoFilter(new CellRangeAddress(0, rows, 0, SummaryColumn.values().length - 1));
			}
			try (OutputStream out = Files.newOutputStream(file)) {
				workbook.write(out);
			}
		}
		finally {
			workbook.close();
		}
	}

	private void writeSummaryHeader() {
		Row row = summary.createRow(0);
		for (SummaryColumn column : SummaryColumn.values()) {
			Cell cell = row.createCell(column.ordinal());
			cell.setCellValue(column.header());
			cell.setCellStyle(bold);
			summary.setColumnWidth(column.ordinal(), width(column));
		}
		summary.createFreezePane(2, 1);
	}

	private void writeReportSheet() {
		TimeRange range = header.range();
		Object[][] lines = { { header.title(), null }, { "Report", header.report() },
				{ "From", TimeRange.format(range.from()) }, { "To", TimeRange.format(range.to()) },
				{ "Time zone", header.timeZone().getId() },
				{ "Generated at", TimeRange.format(header.generatedAt()) }, { "Applications", (double) rows },
				{ "Figures", "summarized over the range; empty cells are figures whose metrics were not reported" } };
		for (int i = 0; i < lines.length; i++) {
			Row row = report.createRow(i);
			Cell label = row.createCell(0);
			label.setCellValue(String.valueOf(lines[i][0]));
			label.setCellStyle(bold);
			Object value = lines[i][1];
			if (value instanceof Double number) {
				row.createCell(1).setCellValue(number);
			}
			else if (value != null) {
				row.createCell(1).setCellValue(value.toString());
			}
		}
		report.setColumnWidth(0, 16 * 256);
		report.setColumnWidth(1, 60 * 256);
	}

	private void createStyles() {
		CellStyle text = workbook.createCellStyle();
		styles.put(SummaryColumn.Kind.TEXT, text);
		styles.put(SummaryColumn.Kind.TIME, text);
		styles.put(SummaryColumn.Kind.BOOLEAN, text);
		styles.put(SummaryColumn.Kind.INTEGER, numberStyle("0"));
		styles.put(SummaryColumn.Kind.RATE, numberStyle("0.0"));
		styles.put(SummaryColumn.Kind.MILLISECONDS, numberStyle("0.0"));
	}

	private CellStyle numberStyle(String format) {
		CellStyle style = workbook.createCellStyle();
		style.setDataFormat(workbook.createDataFormat().getFormat(format));
		return style;
	}

	private CellStyle boldStyle() {
		Font font = workbook.createFont();
		font.setBold(true);
		CellStyle style = workbook.createCellStyle();
		style.setFont(font);
		return style;
	}

	private static int width(SummaryColumn column) {
		return switch (column) {
			case APPLICATION_NAME -> 28 * 256;
			case STATUS_DETAIL -> 48 * 256;
			case RANGE_FROM, RANGE_TO -> 26 * 256;
			default -> Math.max(12, column.header().length() + 2) * 256;
		};
	}

}
