package io.apmreports.output;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/** Writes {@code summary.csv}: UTF-8, RFC 4180, a header row, one row per application. */
public final class CsvSummaryWriter implements SummarySink {

	private static final CSVFormat FORMAT = CSVFormat.RFC4180.builder()
		.setHeader(Arrays.stream(SummaryColumn.values()).map(SummaryColumn::header).toArray(String[]::new))
		.get();

	private final CSVPrinter printer;

	public CsvSummaryWriter(Path file) throws IOException {
		Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
		this.printer = new CSVPrinter(writer, FORMAT);
	}

	@Override
	public void accept(SummaryRow row) throws IOException {
		for (SummaryColumn column : SummaryColumn.values()) {
			printer.print(CellText.of(column.valueOf(row)));
		}
		printer.println();
	}

	@Override
	public void close() throws IOException {
		printer.close(true);
	}

}
