package io.apmreports.report.email;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.apmreports.testing.CourseFixtures;
import io.apmreports.testing.OverviewFixtures;

/**
 * The e-mail's headlines with their course, in both parts, and the regression's usual.
 */
class CourseEmailTests {

	/** The response time's bars by hand: 210 to 260 over 8 bars, a dot for the gap. */
	private static final String BARS = "\u2581\u2582\u00B7\u2582\u2585\u2583\u2584\u2585\u2587\u2586\u2588\u2584";

	@Test
	void thePlainTextHasASparklineWithItsLowAndHighAndTheUsualUnderTheHeadline() {
		String plain = EmailBody.plain(OverviewFixtures.email(CourseFixtures.weekly()));

		assertThat(plain).contains(BARS + " 12 weeks, low 210.0 ms, high 260.0 ms; usual 230.0 ms"
				+ " (median of 11 weeks kept of the 12 before, 200.0 ms\u2013260.0 ms)");
		assertThat(plain).contains("not enough history: 2 of 12 weeks kept");
		assertThat(plain).contains("Checkout <Service>: Response time (ms) 80.0 -> 120.0 (+50.0%); "
				+ "within its usual spread: 70.0 ms\u2013130.0 ms over the 12 weeks before");
	}

	@Test
	void theHtmlMarksTheRunsOwnBarAndSaysTheUsual() {
		String html = EmailBody.html(OverviewFixtures.email(CourseFixtures.weekly()));

		assertThat(html).contains(BARS.substring(0, 11) + "<span style=\"color:" + EmailHtml.ORANGE + ";\">"
				+ BARS.substring(11) + "</span>");
		assertThat(html).contains("usual 230.0 ms (median of 11 weeks kept of the 12 before, 200.0 ms\u2013260.0 ms)");
		assertThat(html).contains("within its usual spread: 70.0 ms\u2013130.0 ms over the 12 weeks before");
	}

	@Test
	void withoutAHistoryNeitherPartTellsACourse() {
		String plain = EmailBody.plain(OverviewFixtures.email(OverviewFixtures.weekly()));
		String html = EmailBody.html(OverviewFixtures.email(OverviewFixtures.weekly()));

		assertThat(plain).doesNotContain("usual");
		assertThat(html).doesNotContain("usual");
	}

}
