package io.apmreports.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.apmreports.output.ChartData;
import io.apmreports.output.Overview;
import io.apmreports.output.OverviewFixtures;

class EmailBodyTests {

	@Test
	void theHtmlPartEscapesNamesAndNamesTheFailed() {
		// when
		String html = EmailBody.html(email(OverviewFixtures.weekly()));

		// then
		assertThat(html).contains("Checkout &lt;Service&gt;").doesNotContain("Checkout <Service>").contains("Search");
	}

	@ParameterizedTest
	@CsvSource(nullValues = "null",
			value = { "1234.5678, 1, '1,234.6'", "0.0, 2, 0.00", "null, 1, ''", "NaN, 1, ''", "Infinity, 0, ''" })
	void numbersAreGroupedAndAbsentOnesEmpty(Double value, int decimals, String expected) {
		assertThat(EmailBody.number(value, decimals)).isEqualTo(expected);
	}

	private static ReportEmail email(Overview overview) {
		return new ReportEmail("weekly", "identity", "Subject", "Hello ops.", "range", overview,
				new ChartData(List.of(), List.of(), List.of()),
				List.of(Path.of("summary.csv"), Path.of("report.xlsx")));
	}

}
