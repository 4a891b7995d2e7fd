package io.apmreports.report.email;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.report.CostFixtures;
import io.apmreports.report.digest.RunDigest;

class CostEmailTests {

	private static RunDigest email() {
		return new RunDigest("monthly-cost", "identity", "Monthly cost", "Subject", "Hello finance.",
				"Thu 1 Oct to Sat 31 Oct 2026, UTC", "production (account 1234567)", "last month",
				CostFixtures.overview(CostFixtures.priced()), List.of(), List.of(Path.of("cost.csv")));
	}

	@Test
	void aCostReportsEmailShowsTheBillAndTheMoversInsteadOfApplications() {
		String plain = EmailBody.plain(email());
		String html = EmailBody.html(email());

		// 420.5 GB x 0.30 = 126.15; the bill 1,341
		assertThat(plain)
			.contains("The bill of October 2026\n", "Ingest: 420.5 GB, $126.15\n", "Total: $1,341.00\n",
					"- checkout rose 12.4 GB (+$3.72) to 230.0 GB, the largest rise\n")
			.doesNotContain("applications", "Regressions");
		assertThat(html).contains("Billable ingest: 320 GB, $96.00", "search fell 5.0 GB (-$1.50) to 100.0 GB")
			.doesNotContain("0 applications", "Regressions");
	}

	@Test
	void withoutPricesTheEmailSaysQuantitiesAlone() {
		RunDigest email = new RunDigest("monthly-cost", "identity", "Monthly cost", "Subject", "Hello.", "October",
				"production", "last month", CostFixtures.overview(CostFixtures.unpriced()), List.of(), List.of());

		assertThat(EmailBody.plain(email))
			.contains("Ingest: 420.5 GB\n", "No prices are given in the definition: quantities alone, no cost.")
			.doesNotContain("$");
	}

}
