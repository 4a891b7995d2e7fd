package io.apmreports.report.csv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import io.apmreports.report.CellText;
import io.apmreports.report.ReportSink;
import io.apmreports.source.ByteEstimate;

/**
 * {@code ingest.csv}: the day's byte count estimates as the daily ingest report kept
 * them, one line per account, usage metric and application, and one per account and usage
 * metric for all the rule's events ({@code whole} {@code true}, no application), which
 * the month's split divides by. A pivot adds up the applications' lines or the whole
 * lines, never both.
 */
final class IngestCsvSink implements ReportSink {

	static final String[] HEADERS = { "day", "account_id", "usage_metric", "application", "whole", "bytes",
			"gigabytes" };

	/** A gigabyte, as the vendor counts it: 10^9 bytes. */
	private static final BigDecimal GIGABYTE = BigDecimal.TEN.pow(9);

	private final CSVPrinter printer;

	IngestCsvSink(Path file) throws IOException {
		this.printer = new CSVPrinter(Files.newBufferedWriter(file, StandardCharsets.UTF_8),
				CSVFormat.RFC4180.builder().setHeader(HEADERS).get());
	}

	@Override
	public void ingest(ByteEstimate estimate) {
		try {
			BigDecimal bytes = BigDecimal.valueOf(estimate.bytes());
			printer.printRecord(estimate.day().toString(), Long.toString(estimate.accountId()),
					CellText.text(estimate.usageMetric()),
					estimate.whole() ? "" : CellText.text(estimate.application()), Boolean.toString(estimate.whole()),
					bytes.toPlainString(), bytes.divide(GIGABYTE).toPlainString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public void close() throws IOException {
		printer.close(true);
	}

}
