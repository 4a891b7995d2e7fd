package io.apmreports.report.xlsx;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

import org.apache.poi.xssf.streaming.SXSSFWorkbook;

import io.apmreports.range.TimeRange;
import io.apmreports.report.ReportHeader;
import io.apmreports.report.ReportSink;
import io.apmreports.staging.NamedApplication;
import io.apmreports.staging.TrendPoint;

/**
 * Writes the Trends sheets of a large account, as the report's workbook does, in a JVM of
 * its own: a week of hourly slices for every application, a group at a time as the report
 * hands them over, so that only the workbook can hold memory.
 */
final class TrendWorkbook {

	private static final OffsetDateTime START = OffsetDateTime.parse("2026-11-08T23:00:00Z");

	private TrendWorkbook() {
	}

	/** {@code <file> <applications> <hourly slices>}. */
	public static void main(String[] args) throws IOException {
		Path file = Path.of(args[0]);
		int applications = Integer.parseInt(args[1]);
		int slices = Integer.parseInt(args[2]);
		ReportHeader header = new ReportHeader("Weekly performance", "weekly-performance",
				"Demo production (account 1234567)", new TimeRange(START, START.plusHours(slices)),
				ZoneId.of("Europe/Berlin"), START.plusDays(8));
		try (SXSSFWorkbook workbook = new SXSSFWorkbook(XlsxReportWriter.WINDOW)) {
			TrendSheet sheet = new TrendSheet(workbook, new WorkbookStyles(workbook), header);
			groups(applications, slices, sheet);
			sheet.finish();
			try (OutputStream out = Files.newOutputStream(file)) {
				workbook.write(out);
			}
		}
	}

	/** Groups in id order, each group's points by slice, then in the group's order. */
	private static void groups(int applications, int slices, TrendSheet sheet) {
		for (int first = 1; first <= applications; first += ReportSink.TREND_GROUP) {
			List<NamedApplication> group = new ArrayList<>();
			for (long id = first; id < Math.min(first + ReportSink.TREND_GROUP, applications + 1); id++) {
				group.add(new NamedApplication(id, "Application " + id));
			}
			List<TrendPoint> bySlice = new ArrayList<>();
			for (int slice = 0; slice < slices; slice++) {
				OffsetDateTime from = START.plusHours(slice);
				for (NamedApplication application : group) {
					bySlice.add(new TrendPoint(application.id(), application.name(), from, from.plusHours(1),
							100.0 + slice, 1000.0 + application.id()));
				}
			}
			sheet.group(group, bySlice);
		}
	}

}
