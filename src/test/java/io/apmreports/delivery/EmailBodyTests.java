package io.apmreports.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EmailBodyTests {

	private static final EmailSummary.Row CHECKOUT = new EmailSummary.Row("Checkout <Service>", 8_239_200.0, 817.38,
			192.0973, 0.004212, 0.9213, "ok");

	private static final EmailSummary.Row IDLE = new EmailSummary.Row("Idle Worker", 0.0, 0.0, null, null, null,
			"no_data");

	@Test
	void theTextPartHasTheOverviewTheTableAlignedAndTheFailedByName() {
		// given
		ReportEmail email = email(
				new EmailSummary(3, 1, 0, 8_239_200.0, 817.38, List.of(CHECKOUT, IDLE), List.of("Search"), List.of()));

		// when
		String text = EmailBody.plain(email);

		// then
		assertThat(text).isEqualTo("""
				Hello ops.

				3 applications, 1 failed; 8,239,200 calls; web throughput 817.4 rpm.

				The 2 busiest applications:

				Application             Calls  Throughput (rpm)  Response time (ms)  Error rate (%)  Apdex  Status
				Checkout <Service>  8,239,200             817.4               192.1            0.42   0.92  ok
				Idle Worker                 0               0.0                                             no_data

				Failed: Search

				Attached: summary.csv, report.xlsx
				""");
	}

	@Test
	void theHtmlPartEscapesNamesAndLeavesAbsentFiguresEmpty() {
		// given
		ReportEmail email = email(
				new EmailSummary(2, 0, 0, 8_239_200.0, 817.38, List.of(CHECKOUT, IDLE), List.of(), List.of()));

		// when
		String html = EmailBody.html(email);

		// then
		assertThat(html).contains("<td>Checkout &lt;Service&gt;</td>")
			.contains("<tr><td>Idle Worker</td><td align=\"right\">0</td><td align=\"right\">0.0</td>"
					+ "<td align=\"right\"></td><td align=\"right\"></td><td align=\"right\"></td><td>no_data</td></tr>")
			.doesNotContain("NaN")
			.doesNotContain("Failed:");
	}

	@Test
	void aColumnEmptyInEveryRowIsLeftOut() {
		// given a usage report: calls only
		EmailSummary usage = new EmailSummary(1, 0, 0, 1200.0, null,
				List.of(new EmailSummary.Row("Batch", 1200.0, null, null, null, null, "ok")), List.of(), List.of());

		// when
		String text = EmailBody.plain(email(usage));

		// then
		assertThat(text).contains("Application  Calls  Status\nBatch        1,200  ok\n")
			.contains("1 application, 0 failed; 1,200 calls.");
	}

	@ParameterizedTest
	@CsvSource(nullValues = "null",
			value = { "1234.5678, 1, '1,234.6'", "0.0, 2, 0.00", "null, 1, ''", "NaN, 1, ''", "Infinity, 0, ''" })
	void numbersAreGroupedAndAbsentOnesEmpty(Double value, int decimals, String expected) {
		assertThat(EmailBody.number(value, decimals)).isEqualTo(expected);
	}

	private static ReportEmail email(EmailSummary summary) {
		return new ReportEmail("weekly", "identity", "Subject", "Hello ops.", "range", summary,
				List.of(Path.of("summary.csv"), Path.of("report.xlsx")));
	}

}
