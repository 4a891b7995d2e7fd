package io.apmreports.report.csv;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.EnumSet;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.definition.Section;
import io.apmreports.report.ReportSink;
import io.apmreports.source.ByteEstimate;

class IngestCsvSinkTests {

	@TempDir
	Path directory;

	@Test
	void theDaysEstimatesAreListedWithTheWholeRulesApart() throws IOException {
		LocalDate day = LocalDate.of(2026, 11, 27);
		List<ReportSink> sinks = CsvReportSinks.open(directory, EnumSet.of(Section.INGEST), null);
		for (ReportSink sink : sinks) {
			sink.ingest(new ByteEstimate(1234567, day, "ApmEventsBytes", "Checkout Service", 1.5e9));
			sink.ingest(new ByteEstimate(1234567, day, "ApmEventsBytes", null, 2.25e9));
			sink.close();
		}

		// 1.5e9 bytes / 10^9 = 1.5 GB; the whole rule's 2.25 GB, events without an
		// application too
		assertThat(Files.readAllLines(directory.resolve("ingest.csv"))).containsExactly(
				"day,account_id,usage_metric,application,whole,bytes,gigabytes",
				"2026-11-27,1234567,ApmEventsBytes,Checkout Service,false,1500000000,1.5",
				"2026-11-27,1234567,ApmEventsBytes,,true,2250000000,2.25");
	}

}
