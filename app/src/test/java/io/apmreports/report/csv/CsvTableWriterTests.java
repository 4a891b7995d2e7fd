package io.apmreports.report.csv;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.EnumMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.formula.FigureColumn;
import io.apmreports.formula.Figures;
import io.apmreports.report.CellText;
import io.apmreports.report.Columns;
import io.apmreports.staging.SummaryRow;

class CsvTableWriterTests {

	private static final String HEADER = "application_id,application_name,language,health_status,reporting,host_count,"
			+ "instance_count,range_from,range_to,throughput_rpm,non_web_throughput_rpm,response_time_ms,"
			+ "request_queuing_ms,web_transaction_time_ms,application_time_ms,datastore_ms,database_ms,"
			+ "ruby_database_ms,external_ms,cache_ms,apdex_score,error_rate,status,status_detail,account_id";

	@TempDir
	Path directory;

	@Test
	void writesTheContractHeaderAndRowsWithEmptyCellsForAbsentFigures() throws IOException {
		// given
		SummaryRow row = row("Checkout, EU", 1234567.891234, null, "ok", null);

		// when
		String csv = write(row);

		// then RFC 4180: CRLF line ends, a quoted name, plain numbers, empty absent cells
		assertThat(csv).isEqualTo(HEADER + "\r\n42,\"Checkout, EU\",java,green,true,3,4,"
				+ "2026-11-09T00:00:00+01:00,2026-11-16T00:00:00+01:00,1234567.891,,0.5,,,,,,,,,0.93,0.012,ok,,\r\n");
	}

	@Test
	void prefixesTextThatASpreadsheetWouldRunAsAFormula() throws IOException {
		String csv = write(row("=HYPERLINK(\"http://x\")", 1.0, 2.0, "failed", "-detail"),
				row("+1", 1.0, 2.0, "ok", null), row("@sum", 1.0, 2.0, "ok", null), row("\tx", 1.0, 2.0, "ok", null));

		assertThat(csv).contains("\"'=HYPERLINK(\"\"http://x\"\")\"").contains(",'-detail,\r\n");
		assertThat(csv).contains(",'+1,").contains(",'@sum,").contains(",'\tx,");
	}

	@Test
	void numbersHaveNoExponentNoGroupingAndThreeDecimals() {
		assertThat(CellText.number(1.0E7)).isEqualTo("10000000");
		assertThat(CellText.number(0.0001)).isEqualTo("0");
		assertThat(CellText.number(12.3456)).isEqualTo("12.346");
		assertThat(CellText.number(-5.25)).isEqualTo("-5.25");
		assertThat(CellText.number(0.0)).isEqualTo("0");
	}

	private String write(SummaryRow... rows) throws IOException {
		Path file = directory.resolve("summary.csv");
		try (CsvTableWriter<SummaryRow> writer = new CsvTableWriter<>(file, Columns.SUMMARY)) {
			for (SummaryRow row : rows) {
				writer.write(row);
			}
		}
		return Files.readString(file, StandardCharsets.UTF_8);
	}

	static SummaryRow row(String name, Double throughput, Double queuing, String status, String detail) {
		return new SummaryRow(42, name, "java", "green", true, 3, 4, OffsetDateTime.parse("2026-11-09T00:00:00+01:00"),
				OffsetDateTime.parse("2026-11-16T00:00:00+01:00"), figures(throughput, queuing == null ? 0.5 : queuing),
				0.93, 0.012, status, detail);
	}

	private static Figures figures(Double throughput, Double responseTime) {
		Map<FigureColumn, Double> values = new EnumMap<>(FigureColumn.class);
		values.put(FigureColumn.THROUGHPUT_RPM, throughput);
		values.put(FigureColumn.RESPONSE_TIME_MS, responseTime);
		return new Figures(values);
	}

}
