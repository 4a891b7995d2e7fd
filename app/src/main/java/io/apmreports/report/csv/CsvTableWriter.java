package io.apmreports.report.csv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import io.apmreports.report.CellText;
import io.apmreports.report.Column;

/**
 * Writes one report table as CSV: UTF-8, RFC 4180, a header row, one line per row.
 *
 * @param <R> the row type
 */
final class CsvTableWriter<R> implements AutoCloseable {

	private final List<Column<R>> columns;

	private final CSVPrinter printer;

	CsvTableWriter(Path file, List<Column<R>> columns) throws IOException {
		this.columns = columns;
		CSVFormat format = CSVFormat.RFC4180.builder()
			.setHeader(columns.stream().map(Column::header).toArray(String[]::new))
			.get();
		this.printer = new CSVPrinter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), format);
	}

	void write(R row) {
		try {
			for (Column<R> column : columns) {
				printer.print(CellText.of(column.valueOf(row), column.kind()));
			}
			printer.println();
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
