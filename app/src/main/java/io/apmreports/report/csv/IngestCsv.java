package io.apmreports.report.csv;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import io.apmreports.formula.CostAllocation;
import io.apmreports.formula.Kind;
import io.apmreports.report.Column;
import io.apmreports.source.ByteEstimate;

/**
 * {@code ingest.csv}: the daily byte estimates a run kept, one line per account, day,
 * usage metric and application, and one of all the rule's events ({@code whole}), for
 * whoever checks what the month's cost will be split by.
 */
public final class IngestCsv {

	private static final List<Column<ByteEstimate>> COLUMNS = List.of(
			new Column<>("day", Kind.TEXT, estimate -> estimate.day().toString()),
			new Column<>("account_id", Kind.ID, ByteEstimate::accountId),
			new Column<>("usage_metric", Kind.TEXT, ByteEstimate::usageMetric),
			new Column<>("application", Kind.TEXT, ByteEstimate::application),
			new Column<>("whole", Kind.BOOLEAN, ByteEstimate::whole),
			new Column<>("bytes", Kind.NUMBER, ByteEstimate::bytes),
			new Column<>("gigabytes", Kind.NUMBER, estimate -> estimate.bytes() / CostAllocation.BYTES_PER_GIGABYTE));

	private IngestCsv() {
	}

	/** The file's name in a run's folder. */
	public static String fileName() {
		return "ingest.csv";
	}

	/** Writes the estimates to {@code ingest.csv} in {@code directory}. */
	public static void write(Path directory, List<ByteEstimate> estimates) throws IOException {
		try (CsvTableWriter<ByteEstimate> csv = new CsvTableWriter<>(directory.resolve(fileName()), COLUMNS)) {
			estimates.forEach(csv::write);
		}
	}

}
