package io.apmreports.report.csv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

import io.apmreports.report.Column;
import io.apmreports.report.ReportSink;
import io.apmreports.report.ServiceLevelColumns;
import io.apmreports.report.ServiceLevelReport;

/**
 * {@code service-levels.csv} (one row per level and month, the run's month among them)
 * and {@code sla.csv} (one row per application without levels and month), in the long
 * format a pivot reads; figures in full, an absent one an empty cell.
 */
final class ServiceLevelCsvSink implements ReportSink {

	private final Path levels;

	private final Path sla;

	ServiceLevelCsvSink(Path levels, Path sla) {
		this.levels = levels;
		this.sla = sla;
	}

	@Override
	public void serviceLevels(ServiceLevelReport report) {
		try {
			write(levels, ServiceLevelColumns.levels(report.groupBy()), report.levelMonths());
			write(sla, ServiceLevelColumns.sla(report.groupBy()), report.slaLines());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static <R> void write(Path file, List<Column<R>> columns, List<R> rows) throws IOException {
		try (CsvTableWriter<R> csv = new CsvTableWriter<>(file, columns)) {
			rows.forEach(csv::write);
		}
	}

	/** Both files are written whole when the month comes; nothing is left open. */
	@Override
	public void close() {
	}

}
