package io.apmreports.report.csv;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.report.Columns;
import io.apmreports.staging.ComparisonRow;

/** comparison.csv's 12-period median, right after the previous period's value. */
class ComparisonMedianTests {

	@TempDir
	Path directory;

	@Test
	void theMedianStandsBesideThePreviousValueAndIsEmptyWithoutOne() throws IOException {
		Path file = directory.resolve("comparison.csv");
		try (CsvTableWriter<ComparisonRow> csv = new CsvTableWriter<>(file, Columns.COMPARISON)) {
			csv.write(
					new ComparisonRow(1005, "Checkout", "response_time_ms", 120.0, 80.0, 40.0, 50.0).withMedian(100.0));
			csv.write(new ComparisonRow(1006, "Search", "database_ms", 10.0, 10.0, 0.0, 0.0));
		}

		List<String> lines = Files.readAllLines(file);
		assertThat(lines.get(0)).startsWith("application_id,metric,current,previous,median_12_periods,change");
		assertThat(lines.get(1)).startsWith("1005,response_time_ms,120,80,100,40");
		assertThat(lines.get(2)).startsWith("1006,database_ms,10,10,,0");
	}

}
