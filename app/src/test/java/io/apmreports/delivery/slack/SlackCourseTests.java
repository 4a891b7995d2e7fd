package io.apmreports.delivery.slack;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.apmreports.testing.CourseFixtures;
import io.apmreports.testing.OverviewFixtures;

/** The Slack message's headlines with a sparkline and the usual, and the regression's. */
class SlackCourseTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Test
	void eachHeadlineHasItsSparklineUnderItWithTheUsualMedian() {
		JsonNode blocks = JSON.readTree(SlackMessage.json(OverviewFixtures.email(CourseFixtures.weekly())))
			.path("blocks");

		String headlines = blocks.get(2).path("text").path("text").asString();
		assertThat(headlines).contains("\u2022 Response time (ms) 230.0, up 30.0 (+15.0%) from 200.0, worse\n      "
				+ "\u2581\u2582\u00B7\u2582\u2585\u2583\u2584\u2585\u2587\u2586\u2588\u2584 12 weeks, low 210.0 ms, "
				+ "high 260.0 ms; usual 230.0 ms (median of 11 weeks kept of the 12 before, 200.0 ms\u2013260.0 ms)");
		assertThat(headlines).contains("not enough history: 2 of 12 weeks kept");
		assertThat(blocks.toString())
			.contains("within its usual spread: 70.0 ms\u2013130.0 ms over the 12 weeks before");
	}

}
