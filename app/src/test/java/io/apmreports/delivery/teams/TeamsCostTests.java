package io.apmreports.delivery.teams;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.apmreports.report.CostFixtures;
import io.apmreports.testing.OverviewFixtures;

class TeamsCostTests {

	@Test
	void aCostReportsCardShowsTheBillAndTheMoversInsteadOfApplications() {
		String json = TeamsCard.json(OverviewFixtures.email(CostFixtures.overview(CostFixtures.priced())));

		assertThat(json)
			.contains("The bill of October 2026", "Total: $1,341.00",
					"checkout rose 12.4 GB (+$3.72) to 230.0 GB, the largest rise")
			.doesNotContain("0 applications", "Regressions worth a look");
	}

}
