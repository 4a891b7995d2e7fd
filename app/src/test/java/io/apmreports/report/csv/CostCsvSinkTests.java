package io.apmreports.report.csv;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.definition.Section;
import io.apmreports.report.CostFixtures;
import io.apmreports.report.CostReport;
import io.apmreports.report.ReportSink;

class CostCsvSinkTests {

	@TempDir
	Path directory;

	@Test
	void pricedTheFileHasACostColumnInTheCurrencyAndAddsUpToTheBill() throws IOException {
		List<CSVRecord> records = write(CostFixtures.priced());

		assertThat(records.get(0).getParser().getHeaderNames()).containsExactly("month", "account_id", "account_name",
				"team", "application", "item", "quantity", "unit", "cost_usd");
		// production's checkout: 150 GB x 0.30 = 45
		assertThat(records.get(0).toList()).containsExactly("2026-10", "1234567", "production", "checkout",
				"Checkout Service", "ApmEventsBytes", "150.0", "GB", "45.000");
		// 6 usage lines, 3 user types, 1 compute type, the allowance; no subtotal
		assertThat(records).hasSize(11);
		// the allowance: 320 - 420.5 = -100.5 GB, -30.15
		assertThat(records).anySatisfy(record -> assertThat(record.toList()).containsExactly("2026-10", "", "", "", "",
				"free allowance", "-100.5", "GB", "-30.150"));
		// basic users have no price: no cost, never 0
		assertThat(records).anySatisfy(record -> assertThat(record.toList()).containsExactly("2026-10", "", "", "", "",
				"basic users", "10.0", "users", ""));
		BigDecimal total = records.stream()
			.map(record -> record.get("cost_usd"))
			.filter(cost -> !cost.isEmpty())
			.map(BigDecimal::new)
			.reduce(BigDecimal.ZERO, BigDecimal::add);
		assertThat(total).isEqualByComparingTo("1341");
	}

	@Test
	void withoutPricesThereIsNoCostColumn() throws IOException {
		List<CSVRecord> records = write(CostFixtures.unpriced());

		assertThat(records.get(0).getParser().getHeaderNames()).containsExactly("month", "account_id", "account_name",
				"team", "application", "item", "quantity", "unit");
		// the unallocated logs of production: no application, no team beyond the word
		assertThat(records).anySatisfy(record -> assertThat(record.toList()).containsExactly("2026-10", "1234567",
				"production", "(unallocated)", "", "LoggingBytes", "50.5", "GB"));
	}

	@Test
	void onlyACostReportWritesTheFile() throws IOException {
		List<ReportSink> sinks = CsvReportSinks.open(directory, EnumSet.of(Section.SUMMARY), null);
		for (ReportSink sink : sinks) {
			sink.close();
		}

		assertThat(directory.resolve("cost.csv")).doesNotExist();
	}

	private List<CSVRecord> write(CostReport report) throws IOException {
		List<ReportSink> sinks = CsvReportSinks.open(directory, EnumSet.of(Section.COST), "team");
		for (ReportSink sink : sinks) {
			sink.cost(report);
			sink.close();
		}
		CSVParser parser = CSVParser.parse(Files.readString(directory.resolve("cost.csv")),
				CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get());
		return parser.getRecords();
	}

}
