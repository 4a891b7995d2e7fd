package io.apmreports.delivery.slack;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.apmreports.report.ServiceLevelFixtures;
import io.apmreports.testing.OverviewFixtures;

class SlackServiceLevelsTests {

	@Test
	void aServiceLevelReportsMessageSaysTheWorstBudgetFirstBehindItsColour() {
		String json = SlackMessage
			.json(OverviewFixtures.email(ServiceLevelFixtures.overview(ServiceLevelFixtures.october())));

		assertThat(json)
			.containsSubsequence("*Service levels in October 2026*",
					":red_circle: Checkout availability (Checkout Service) spent 140 % of its error budget in October "
							+ "2026: 99.86 % against 99.9 %",
					":large_yellow_circle: Login success", ":large_green_circle: Search API latency")
			.doesNotContain("0 applications", "Regressions");
	}

}
