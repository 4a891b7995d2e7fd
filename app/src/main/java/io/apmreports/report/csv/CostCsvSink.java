package io.apmreports.report.csv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import io.apmreports.report.CellText;
import io.apmreports.report.CostReport;
import io.apmreports.report.ReportSink;

/**
 * {@code cost.csv}: the month's cost report in the long format a pivot table reads, one
 * line per quantity (an application's usage metric, an account's unallocated metric, the
 * users and compute, the free allowance), never a subtotal, so that any sum over it is
 * the bill's. Quantities and costs are written in full, unrounded. The cost column,
 * {@code cost_<currency>}, is there only where the definition gives prices.
 */
final class CostCsvSink implements ReportSink {

	static final List<String> HEADERS = List.of("month", "account_id", "account_name", "team", "application", "item",
			"quantity", "unit");

	private final Path file;

	CostCsvSink(Path file) {
		this.file = file;
	}

	@Override
	public void cost(CostReport report) {
		try {
			write(report);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void write(CostReport report) throws IOException {
		List<String> headers = new ArrayList<>(HEADERS);
		if (report.priced()) {
			headers.add("cost_" + report.currency().toLowerCase(Locale.ROOT));
		}
		try (CSVPrinter printer = printer(headers)) {
			for (CostReport.Line line : report.items()) {
				printer.print(report.month().toString());
				printer.print(line.accountId() == null ? "" : line.accountId().toString());
				printer.print(text(line.accountName()));
				printer.print(text(line.team()));
				printer.print(text(line.application()));
				printer.print(text(line.item()));
				printer.print(number(line.quantity()));
				printer.print(line.unit());
				if (report.priced()) {
					printer.print(number(line.cost()));
				}
				printer.println();
			}
		}
	}

	private CSVPrinter printer(List<String> headers) throws IOException {
		CSVFormat format = CSVFormat.RFC4180.builder().setHeader(headers.toArray(String[]::new)).get();
		return new CSVPrinter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), format);
	}

	private static String text(String value) {
		return value == null ? "" : CellText.text(value);
	}

	/**
	 * In full, as a pivot adds it up: the file's sums are the bill's to the last digit.
	 */
	private static String number(BigDecimal value) {
		return value == null ? "" : value.toPlainString();
	}

	/** The file is written whole when the month comes; nothing is left open. */
	@Override
	public void close() {
	}

}
