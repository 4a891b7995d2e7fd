package io.apmreports.report.csv;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.apmreports.definition.Section;
import io.apmreports.report.Column;
import io.apmreports.report.Columns;
import io.apmreports.report.ReportSink;
import io.apmreports.staging.ComparisonRow;
import io.apmreports.staging.HostRow;
import io.apmreports.staging.KeyTransactionRow;
import io.apmreports.staging.SummaryRow;
import io.apmreports.staging.TrendPoint;
import io.apmreports.staging.UsageRow;

/** The CSV files of a report: one file per chosen section that has one. */
public final class CsvReportSinks {

	private CsvReportSinks() {
	}

	/**
	 * @param groupBy the tag whose values {@code usage.csv} gives in a column of its own,
	 * or {@code null}
	 */
	public static List<ReportSink> open(Path directory, Set<Section> sections, String groupBy) throws IOException {
		List<ReportSink> sinks = new ArrayList<>();
		try {
			addAll(sinks, directory, sections, groupBy);
			return sinks;
		}
		catch (IOException ex) {
			for (ReportSink sink : sinks) {
				try {
					sink.close();
				}
				catch (IOException suppressed) {
					ex.addSuppressed(suppressed);
				}
			}
			throw ex;
		}
	}

	private static void addAll(List<ReportSink> sinks, Path directory, Set<Section> sections, String groupBy)
			throws IOException {
		add(sinks, sections, Section.SUMMARY, directory.resolve("summary.csv"), SummaryRow.class, Columns.SUMMARY);
		add(sinks, sections, Section.HOSTS, directory.resolve("hosts.csv"), HostRow.class, Columns.HOSTS);
		add(sinks, sections, Section.KEY_TRANSACTIONS, directory.resolve("key-transactions.csv"),
				KeyTransactionRow.class, Columns.KEY_TRANSACTIONS);
		add(sinks, sections, Section.COMPARISON, directory.resolve("comparison.csv"), ComparisonRow.class,
				Columns.COMPARISON);
		add(sinks, sections, Section.TRENDS, directory.resolve("trend.csv"), TrendPoint.class, Columns.TREND);
		add(sinks, sections, Section.USAGE, directory.resolve("usage.csv"), UsageRow.class, Columns.usage(groupBy));
		if (sections.contains(Section.COST)) {
			sinks.add(new CostCsvSink(directory.resolve("cost.csv")));
		}
		if (sections.contains(Section.SERVICE_LEVELS)) {
			sinks.add(new ServiceLevelCsvSink(directory.resolve("service-levels.csv"), directory.resolve("sla.csv")));
		}
		if (sections.contains(Section.INGEST)) {
			sinks.add(new IngestCsvSink(directory.resolve("ingest.csv")));
		}
	}

	private static <R> void add(List<ReportSink> sinks, Set<Section> sections, Section section, Path file,
			Class<R> type, List<Column<R>> columns) throws IOException {
		if (sections.contains(section)) {
			sinks.add(new CsvTableSink<>(type, new CsvTableWriter<>(file, columns)));
		}
	}

	/** Writes the rows of one type to one CSV file and ignores the others. */
	private static final class CsvTableSink<R> implements ReportSink {

		private final Class<R> type;

		private final CsvTableWriter<R> csv;

		CsvTableSink(Class<R> type, CsvTableWriter<R> csv) {
			this.type = type;
			this.csv = csv;
		}

		private void accept(Object row) {
			if (type.isInstance(row)) {
				csv.write(type.cast(row));
			}
		}

		@Override
		public void summary(SummaryRow row) {
			accept(row);
		}

		@Override
		public void host(HostRow row) {
			accept(row);
		}

		@Override
		public void keyTransaction(KeyTransactionRow row) {
			accept(row);
		}

		@Override
		public void comparison(ComparisonRow row) {
			accept(row);
		}

		@Override
		public void trend(TrendPoint point) {
			accept(point);
		}

		@Override
		public void usage(UsageRow row) {
			accept(row);
		}

		@Override
		public void close() throws IOException {
			csv.close();
		}

	}

}
