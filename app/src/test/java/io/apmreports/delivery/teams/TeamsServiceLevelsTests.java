package io.apmreports.delivery.teams;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.apmreports.report.ServiceLevelFixtures;
import io.apmreports.testing.OverviewFixtures;

class TeamsServiceLevelsTests {

	@Test
	void aServiceLevelReportsCardSaysTheWorstBudgetFirstInItsColour() {
		String json = TeamsCard
			.json(OverviewFixtures.email(ServiceLevelFixtures.overview(ServiceLevelFixtures.october())));

		JsonNode body = JsonMapper.builder().build().readTree(json).at("/attachments/0/content/body");
		int heading = -1;
		for (int i = 0; i < body.size(); i++) {
			if ("Service levels in October 2026".equals(body.get(i).path("text").asString())) {
				heading = i;
			}
		}
		assertThat(heading).isPositive();
		assertThat(body.get(heading + 1).path("text").asString())
			.isEqualTo("- Checkout availability (Checkout Service) spent 140 % of its error budget in October 2026: "
					+ "99.86 % against 99.9 %");
		assertThat(body.get(heading + 1).path("color").asString()).isEqualTo("Attention");
		assertThat(body.get(heading + 2).path("color").asString()).isEqualTo("Warning");
		assertThat(body.get(heading + 3).path("color").asString()).isEqualTo("Good");
		assertThat(json).doesNotContain("0 applications", "Regressions worth a look");
	}

}
