package io.apmreports.output;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 * Writes the workbook with POI's streaming SXSSF: an Overview sheet first, then the Charts sheet when chosen, then one
 * sheet per chosen section with the columns of its CSV file, and an About sheet with the formulas and each
 * application's provenance. Rows go to disk as they come; each cell style is created once.
 */
public final class XlsxReportWriter implements ReportSink {

	/** Rows kept in memory per sheet before SXSSF flushes them to its temporary file. */
	private static final int WINDOW = 100;

	static final List<Column<SummaryRow>> BREAKDOWN = breakdown();

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
			"ruby_database_ms = Orm/all:average_response_time x call_count / HttpDispatcher:call_count",
			"external_ms, cache_ms: External/allWeb, Cache/allWeb the same way",
			"application_time_ms = web_transaction_time_ms - datastore - database - ruby database - external - cache",
			"apdex_score = Apdex:score; error_rate = Errors/all:error_count / (HttpDispatcher:call_count + "
					+ "OtherTransaction/all:call_count)",
			"Absent metrics drop their term and leave an empty cell; one database formula per application.");

	private final Path file;

	private final ReportHeader header;

	private final SXSSFWorkbook workbook = new SXSSFWorkbook(WINDOW);

	private final Map<Kind, CellStyle> styles = new EnumMap<>(Kind.class);

	private final CellStyle bold;

	private final Sheet overview;

	private final ChartSheet charts;

	private final Table<SummaryRow> summary;

	private final Table<SummaryRow> breakdown;

	private final Table<HostRow> hosts;

	private final Table<KeyTransactionRow> keyTransactions;

	private final Table<ComparisonRow> comparison;

	private final Table<TrendPoint> trends;

	private final Table<UsageRow> usage;

	private final Table<AboutRow> about;

	public XlsxReportWriter(Path file, ReportHeader header, Set<Section> sections) {
		this.file = file;
		this.header = header;
		this.bold = boldStyle();
		createStyles();
		this.overview = workbook.createSheet("Overview");
		// created now although written last, so that it is second without reordering sheets
		this.charts = sections.contains(Section.CHARTS) ? new ChartSheet(workbook,
				workbook.createSheet(ChartSheet.NAME), bold, styles.get(Kind.MILLISECONDS), header.timeZone()) : null;
		this.summary = table(sections, Section.SUMMARY, "Summary", Columns.SUMMARY, 0);
		this.breakdown = table(sections, Section.BREAKDOWN, "Breakdown", BREAKDOWN, 0);
		this.hosts = table(sections, Section.HOSTS, "Hosts", Columns.HOSTS, 0);
		this.keyTransactions = table(sections, Section.KEY_TRANSACTIONS, "Key transactions",
				Columns.KEY_TRANSACTIONS, 0);
		this.comparison = table(sections, Section.COMPARISON, "Comparison", Columns.COMPARISON, 0);
		this.trends = table(sections, Section.TRENDS, "Trends", Columns.TREND, 0);
		this.usage = table(sections, Section.USAGE, "Usage", Columns.USAGE, 0);
		this.about = new Table<>(workbook.createSheet("About"), Columns.ABOUT, FORMULAS.size() + 1);
		writeFormulas();
	}

	@Override
	public void summary(SummaryRow row) {
		write(summary, row);
		write(breakdown, row);
	}

	@Override
	public void host(HostRow row) {
		write(hosts, row);
	}

	@Override
	public void keyTransaction(KeyTransactionRow row) {
		write(keyTransactions, row);
	}

	@Override
	public void comparison(ComparisonRow row) {
		write(comparison, row);
	}

	@Override
	public void trend(TrendPoint point) {
		write(trends, point);
	}

	@Override
	public void usage(UsageRow row) {
		write(usage, row);
	}

	@Override
	public void about(AboutRow row) {
		write(about, row);
	}

	@Override
	public void charts(ChartData data) {
		if (charts != null) {
			charts.write(data);
		}
	}

	@Override
	public void overview(Overview content) {
		TimeRange range = header.range();
		Object[][] lines = { { header.title(), null }, { "Report", header.report() },
				{ "From", TimeRange.format(range.from()) }, { "To", TimeRange.format(range.to()) },
				{ "Time zone", header.timeZone().getId() },
				{ "Generated at", TimeRange.format(header.generatedAt()) },
				{ "Applications", (double) content.applications() }, { "Failed", (double) content.failed() },
				{ "Gone (deleted during the run)", (double) content.gone() },
				{ "Calls in the range", content.totalCalls() },
				{ "Web throughput (rpm)", content.totalThroughputRpm() },
				{ "Figures", "summarized over the range; empty cells are figures whose metrics were not reported" } };
		int rowIndex = 0;
		for (Object[] line : lines) {
			Row row = overview.createRow(rowIndex++);
			label(row, String.valueOf(line[0]));
			value(row, 1, line[1]);
		}
		writeMovers(rowIndex + 1, content.worstMovers());
		overview.setColumnWidth(0, 28 * 256);
		overview.setColumnWidth(1, 60 * 256);
		for (int column = 2; column <= 4; column++) {
			overview.setColumnWidth(column, 14 * 256);
		}
		// the movers table is wider than a portrait page; one page wide keeps a printout of the first sheet whole
		overview.setAutobreaks(true);
		overview.setFitToPage(true);
		overview.getPrintSetup().setLandscape(true);
		overview.getPrintSetup().setFitWidth((short) 1);
		overview.getPrintSetup().setFitHeight((short) 0);
	}

	private void writeMovers(int firstRow, List<Overview.Mover> movers) {
		Row title = overview.createRow(firstRow);
		label(title, "Worst movers against the previous period");
		if (movers.isEmpty()) {
			value(title, 1, "none");
			return;
		}
		Row header = overview.createRow(firstRow + 1);
		String[] headers = { "Application", "Metric", "Previous", "Current", "Change %" };
		for (int i = 0; i < headers.length; i++) {
			Cell cell = header.createCell(i);
			cell.setCellValue(headers[i]);
			cell.setCellStyle(bold);
		}
		int rowIndex = firstRow + 2;
		for (Overview.Mover mover : movers) {
			Row row = overview.createRow(rowIndex++);
			value(row, 0, CellText.text(mover.applicationName()));
			value(row, 1, mover.metric());
			number(row, 2, mover.previous(), Kind.NUMBER);
			number(row, 3, mover.current(), Kind.NUMBER);
			number(row, 4, mover.changePct(), Kind.PERCENT);
		}
	}

	private void number(Row row, int column, Double value, Kind kind) {
		if (value != null) {
			Cell cell = row.createCell(column);
			cell.setCellValue(value);
			cell.setCellStyle(styles.get(kind));
		}
	}

	@Override
	public void close() throws IOException {
		try {
			if (summary != null) {
				Highlights.summary(summary.sheet, 1, Math.max(summary.lastRow, 1));
			}
			if (comparison != null) {
				Highlights.comparison(comparison.sheet, 1, Math.max(comparison.lastRow, 1));
			}
			for (Table<?> table : Arrays.asList(summary, breakdown, hosts, keyTransactions, comparison, trends, usage,
					about)) {
				if (table != null) {
					table.finish();
				}
			}
			try (OutputStream out = Files.newOutputStream(file)) {
				workbook.write(out);
			}
		}
		finally {
			workbook.close();
		}
	}

	/** Web transaction time and its parts, in the order the product's summary view stacks them. */
	private static List<Column<SummaryRow>> breakdown() {
		List<Column<SummaryRow>> columns = new ArrayList<>(List.of(
				new Column<>("application_id", Kind.INTEGER, SummaryRow::applicationId),
				new Column<>("application_name", Kind.TEXT, SummaryRow::applicationName)));
		columns.addAll(Columns.figures(List.of(FigureColumn.APPLICATION_TIME_MS, FigureColumn.DATASTORE_MS,
				FigureColumn.DATABASE_MS, FigureColumn.RUBY_DATABASE_MS, FigureColumn.EXTERNAL_MS,
				FigureColumn.CACHE_MS, FigureColumn.REQUEST_QUEUING_MS, FigureColumn.WEB_TRANSACTION_TIME_MS),
				SummaryRow::figures));
		return List.copyOf(columns);
	}

	private <R> Table<R> table(Set<Section> sections, Section section, String name, List<Column<R>> columns,
			int headerRow) {
		return sections.contains(section) ? new Table<>(workbook.createSheet(name), columns, headerRow) : null;
	}

	private <R> void write(Table<R> table, R row) {
		if (table != null) {
			table.add(row);
		}
	}

	private void writeFormulas() {
		Sheet sheet = about.sheet;
		for (int i = 0; i < FORMULAS.size(); i++) {
			Row row = sheet.createRow(i);
			Cell cell = row.createCell(0);
			cell.setCellValue(FORMULAS.get(i));
			if (i == 0) {
				cell.setCellStyle(bold);
			}
		}
		about.writeHeader();
	}

	private void label(Row row, String text) {
		Cell cell = row.createCell(0);
		cell.setCellValue(text);
		cell.setCellStyle(bold);
	}

	private void value(Row row, int column, Object value) {
		if (value instanceof Double number) {
			Cell cell = row.createCell(column);
			cell.setCellValue(number);
			cell.setCellStyle(styles.get(Kind.NUMBER));
		}
		else if (value != null) {
			row.createCell(column).setCellValue(value.toString());
		}
	}

	private void createStyles() {
		CellStyle text = workbook.createCellStyle();
		styles.put(Kind.TEXT, text);
		styles.put(Kind.TIME, text);
		styles.put(Kind.BOOLEAN, text);
		styles.put(Kind.INTEGER, numberStyle("0"));
		styles.put(Kind.RATE, numberStyle("0.0"));
		styles.put(Kind.MILLISECONDS, numberStyle("0.0"));
		styles.put(Kind.FRACTION, numberStyle("0.00%"));
		styles.put(Kind.SCORE, numberStyle("0.00"));
		styles.put(Kind.PERCENT, numberStyle("0.0\"%\""));
		styles.put(Kind.NUMBER, numberStyle("0.###"));
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

	/** One sheet holding a table: a frozen header row, typed cells, set widths, an autofilter at the end. */
	private final class Table<R> {

		private final SXSSFSheet sheet;

		private final List<Column<R>> columns;

		private final int headerRow;

		private int lastRow;

		Table(SXSSFSheet sheet, List<Column<R>> columns, int headerRow) {
			this.sheet = sheet;
			this.columns = columns;
			this.headerRow = headerRow;
			this.lastRow = headerRow;
			if (headerRow == 0) {
				writeHeader();
			}
		}

		void writeHeader() {
			Row row = sheet.createRow(headerRow);
			for (int i = 0; i < columns.size(); i++) {
				Cell cell = row.createCell(i);
				cell.setCellValue(columns.get(i).header());
				cell.setCellStyle(bold);
				sheet.setColumnWidth(i, width(columns.get(i)));
			}
			sheet.createFreezePane(columns.size() > 2 ? 2 : 0, headerRow + 1);
		}

		void add(R value) {
			Row row = sheet.createRow(++lastRow);
			for (int i = 0; i < columns.size(); i++) {
				Column<R> column = columns.get(i);
				Object cellValue = column.valueOf(value);
				if (cellValue == null) {
					continue;
				}
				Cell cell = row.createCell(i);
				cell.setCellStyle(styles.get(column.kind()));
				if (cellValue instanceof Number number) {
					cell.setCellValue(number.doubleValue());
				}
				else if (cellValue instanceof Boolean flag) {
					cell.setCellValue(flag);
				}
				else {
					cell.setCellValue(CellText.of(cellValue));
				}
			}
		}

		void finish() {
			if (lastRow > headerRow) {
				sheet.setAutoFilter(new CellRangeAddress(headerRow, lastRow, 0, columns.size() - 1));
			}
		}

		private int width(Column<R> column) {
			return switch (column.kind()) {
				case TIME -> 26 * 256;
				case TEXT -> (column.header().endsWith("name") ? 28 : column.header().contains("detail")
						|| column.header().contains("terms") ? 60 : 16) * 256;
				default -> Math.max(12, column.header().length() + 2) * 256;
			};
		}

	}

}
