package io.apmreports.delivery.slack;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.apmreports.report.digest.RunDigest;
import io.apmreports.testing.OverviewFixtures;
import io.apmreports.testing.WebhookReceiver;

class SlackMessageTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final String FOLDER = "/srv/apm-reports/output/weekly-performance/1234567/2026-11-09_2026-11-16";

	@Test
	void theMessageHasTheTitleRangeHeadlinesRegressionsFailedAndALinkToTheFiles() {
		// when
		JsonNode message = JSON.readTree(SlackMessage.json(OverviewFixtures.email(OverviewFixtures.weekly())));

		// then
		assertThat(message.path("text").asString()).startsWith("Weekly performance: Mon 9 Nov");
		JsonNode blocks = message.path("blocks");
		assertThat(blocks.path(0).path("type").asString()).isEqualTo("header");
		assertThat(blocks.path(0).path("text").path("text").asString()).isEqualTo("Weekly performance");
		String text = blocks.toString();
		assertThat(text).contains("*Mon 9 Nov to Sun 15 Nov 2026, Europe/Berlin*")
			.contains("3 applications, 1 failed.")
			// response time 200 -> 230 ms: +30, +15.0%, worse
			.contains("Response time (ms) 230.0, up 30.0 (+15.0%) from 200.0, worse")
			// the application's name escaped as mrkdwn wants it
			.contains("Checkout &lt;Service&gt;: Response time (ms) 80.0 \u2192 120.0 (+50.0%)")
			.contains("*Failed*: Search")
			.contains("<https://files.example.com/apm/weekly-performance/1234567/2026-11-09_2026-11-16|summary.csv, "
					+ "report.xlsx>");
		assertThat(WebhookReceiver.slackViolation(message.toString())).isNull();
	}

	@Test
	void tenThousandFailedApplicationsStayWithinSlacksLimits() {
		// when
		String json = SlackMessage.json(OverviewFixtures.email(OverviewFixtures.withFailed(10_000)));

		// then the names are cut, saying how many more there are, and every limit holds
		assertThat(WebhookReceiver.slackViolation(json)).isNull();
		JsonNode blocks = JSON.readTree(json).path("blocks");
		String failed = blocks.valueStream()
			.map(block -> block.path("text").path("text").asString(""))
			.filter(text -> text.startsWith("*Failed*"))
			.findFirst()
			.orElseThrow();
		// each name is 42 characters and a separator: with ", and 9,955 more" 45 of them
		// fit in 2,000 characters
		assertThat(failed).startsWith("*Failed*: Order Fulfilment Service Europe West 00000, ")
			.endsWith(", and 9,955 more");
		assertThat(failed.length()).isLessThanOrEqualTo(SlackMessage.MAX_SECTION);
	}

	@Test
	void markupInANameIsEscaped() {
		assertThat(SlackMessage.escape("<!channel> & <b>")).isEqualTo("&lt;!channel&gt; &amp; &lt;b&gt;");
	}

	@Test
	void withoutAFilesLinkTheMessageSaysTheFilesAreOnTheServerThatRanTheReport() {
		// when
		String text = JSON.readTree(SlackMessage.json(onServer())).path("blocks").toString();

		// then no reader takes the path for one to open
		assertThat(text).contains("Files: summary.csv, report.xlsx, on the server that ran the report")
			.contains(", in `" + FOLDER + "`; a chat message cannot carry them");
	}

	/** The fixture's e-mail without a files-link: its files where they were written. */
	private static RunDigest onServer() {
		RunDigest linked = OverviewFixtures.email(OverviewFixtures.weekly());
		return new RunDigest(linked.report(), linked.identity(), linked.title(), linked.subject(), linked.intro(),
				linked.rangeText(), linked.account(), linked.previousPeriod(), linked.overview(), linked.charts(),
				linked.attachments(), linked.scope(), FOLDER, true);
	}

}
