package io.apmreports.delivery.teams;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.apmreports.report.digest.RunDigest;
import io.apmreports.testing.OverviewFixtures;
import io.apmreports.testing.WebhookReceiver;

class TeamsCardTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final String FOLDER = "/srv/apm-reports/output/weekly-performance/1234567/2026-11-09_2026-11-16";

	@Test
	void theCardHasTheHeadlinesAsFactsAndAButtonToTheFiles() {
		// when
		JsonNode message = JSON.readTree(TeamsCard.json(OverviewFixtures.email(OverviewFixtures.weekly())));

		// then
		JsonNode card = message.path("attachments").path(0).path("content");
		assertThat(card.path("body").path(0).path("text").asString()).isEqualTo("Weekly performance");
		JsonNode facts = card.path("body")
			.valueStream()
			.filter(element -> element.path("type").asString().equals("FactSet"))
			.findFirst()
			.orElseThrow()
			.path("facts");
		assertThat(
				facts.valueStream().map(fact -> fact.path("title").asString() + " = " + fact.path("value").asString()))
			.contains("Response time (ms) = 230.0 (up 30.0 (+15.0%) from 200.0, worse)", "Error rate = 1.20%");
		assertThat(card.path("actions").path(0).path("type").asString()).isEqualTo("Action.OpenUrl");
		assertThat(card.path("actions").path(0).path("url").asString())
			.isEqualTo("https://files.example.com/apm/weekly-performance/1234567/2026-11-09_2026-11-16");
		assertThat(card.toString()).contains("Checkout <Service>: Response time (ms) 80.0 \u2192 120.0 (+50.0%)");
		assertThat(WebhookReceiver.teamsViolation(message.toString())).isNull();
	}

	@Test
	void theFinanceCardShowsTheUsageByTeamWithEachAccountsTotalAndThatRegressionsWereNotChecked() {
		// when
		String json = TeamsCard.json(OverviewFixtures.email(OverviewFixtures.finance()));

		// then
		JsonNode body = JSON.readTree(json).path("attachments").path(0).path("content").path("body");
		String card = body.toString();
		assertThat(card)
			.containsSubsequence("Usage by team", "Demo production (account 1234567)",
					"\"title\":\"checkout\",\"value\":\"500,000 calls, 50.00% (2 applications)\"",
					"\"title\":\"Account total\",\"value\":\"600,000 calls, 60.00% (3 applications)\"",
					"Demo staging (account 7654321)", "\"title\":\"Total\",\"value\":\"1,000,000 calls, 100.00%")
			.contains("Not checked: this report does not fetch the previous period.");
		assertThat(WebhookReceiver.teamsViolation(json)).isNull();
	}

	@Test
	void aRedApplicationNeedingALookIsInTheColourOfAttention() {
		// when
		String json = TeamsCard.json(OverviewFixtures.email(OverviewFixtures.needingALook()));

		// then
		assertThat(json).containsSubsequence("2 applications need a look",
				"\"text\":\"- Search Gateway: red: health red\",\"wrap\":true,\"spacing\":\"None\",\"color\":\"Attention\"",
				"Inventory API: orange: health orange", "\"color\":\"Warning\"")
			.contains("None: no figure of any application got worse by as much.");
		assertThat(WebhookReceiver.teamsViolation(json)).isNull();
	}

	@Test
	void tenThousandFailedApplicationsStayUnderTheSizeTeamsTakes() {
		// when
		String json = TeamsCard.json(OverviewFixtures.email(OverviewFixtures.withFailed(10_000)));

		// then
		assertThat(json.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(TeamsCard.MAX_BYTES);
		assertThat(WebhookReceiver.teamsViolation(json)).isNull();
		assertThat(json).contains(", and 9,955 more");
	}

	@Test
	void withoutAFilesLinkTheCardSaysTheFilesAreOnTheServerThatRanTheReport() {
		// when
		JsonNode card = JSON.readTree(TeamsCard.json(onServer())).path("attachments").path(0).path("content");

		// then no reader takes the path for one to open, and there is no button
		assertThat(card.path("body").toString())
			.contains("Files: summary.csv, report.xlsx, on the server that ran the report")
			.contains(", in " + FOLDER + "; a chat message cannot carry them");
		assertThat(card.path("actions").isEmpty()).isTrue();
	}

	/** The fixture's e-mail without a files-link: its files where they were written. */
	private static RunDigest onServer() {
		RunDigest linked = OverviewFixtures.email(OverviewFixtures.weekly());
		return new RunDigest(linked.report(), linked.identity(), linked.title(), linked.subject(), linked.intro(),
				linked.rangeText(), linked.account(), linked.previousPeriod(), linked.overview(), linked.charts(),
				linked.attachments(), linked.scope(), FOLDER, true);
	}

}
