package io.apmreports.report.email;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import io.apmreports.report.digest.RunDigest;
import io.apmreports.formula.Change;
import io.apmreports.formula.Kind;
import io.apmreports.report.Overview;
import io.apmreports.report.picture.ChartPicture;
import io.apmreports.testing.OverviewFixtures;

class EmailBodyTests {

	private static final List<ChartPicture> CHARTS = List.of(
			new ChartPicture("response-time", "Response time over the range", 1200, 600, new byte[0]),
			new ChartPicture("scores", "Apdex & error rate", 1200, 720, new byte[0]));

	@Test
	void theHtmlPartEscapesNamesAndNamesTheFailed() {
		// when
		String html = EmailBody.html(email(OverviewFixtures.weekly()));

		// then
		assertThat(html).contains("Checkout &lt;Service&gt;").doesNotContain("Checkout <Service>").contains("Search");
	}

	@Test
	void theBusiestNamesLinkToTheirPagesInBothParts() {
		// when
		String html = EmailBody.html(email(OverviewFixtures.weekly()));
		String plain = EmailBody.plain(email(OverviewFixtures.weekly()));

		// then the link is an escaped attribute in HTML and follows the name in text;
		// the idle worker, without one, is a plain name
		assertThat(html).contains("<a href=\"https://one.newrelic.com/redirect/entity/MTIzNA?a=1&amp;b=2\"")
			.contains(">Checkout &lt;Service&gt;</a>")
			.doesNotContain(">Idle Worker (no data)</a>");
		assertThat(plain).contains("Checkout <Service> <" + OverviewFixtures.LINK + ">\n");
	}

	@Test
	void aHeadlineShowsItsChangeGreenWhenBetterRedWhenWorseGreyForTraffic() {
		// given response time 200 -> 230 ms (lower is better), Apdex 0.90 -> 0.92, calls
		// 15 -> 16.5 million
		Overview overview = OverviewFixtures.weekly();

		// when
		String html = EmailBody.html(email(overview));

		// then the changes, computed here: +30 ms is +15.0%, +0.02 is +2.2%, +1.5M is
		// +10%
		assertThat(html).contains("color:" + EmailHtml.RED + ";\">\u25B2 +30.0 (+15.0%)")
			.contains("color:" + EmailHtml.GREEN + ";\">\u25B2 +0.02 (+2.2%)")
			.contains("color:" + EmailHtml.GREY + ";\">\u25B2 +1,500,000 (+10.0%)")
			.contains("from 200.0");
	}

	@Test
	void theHtmlPartShowsEveryChartInlineScaledToTheColumn() {
		// when
		String html = EmailBody.html(email(OverviewFixtures.weekly()));

		// then
		assertThat(html).contains("<img src=\"cid:response-time\" width=\"600\"")
			.contains("<img src=\"cid:scores\"")
			.contains("alt=\"Apdex &amp; error rate\"")
			.contains("width:100%;max-width:600px;height:auto");
	}

	@Test
	void noFixedWidthIsWiderThanTheColumnSoAPhoneNeedsNoSideways() {
		// when
		String html = EmailBody.html(email(OverviewFixtures.weekly()));

		// then every width in pixels, attribute or style, is at most the 640 px column
		Matcher widths = Pattern.compile("width(?:=\"|:)(\\d+)(?:px|\")").matcher(html);
		int count = 0;
		while (widths.find()) {
			assertThat(Integer.parseInt(widths.group(1))).as(widths.group()).isLessThanOrEqualTo(640);
			count++;
		}
		assertThat(count).isPositive();
		assertThat(html).contains("max-width:640px").contains("name=\"viewport\"");
	}

	@Test
	void theRegressionsReadAsBeforeAndAfter() {
		// when
		String html = EmailBody.html(email(OverviewFixtures.weekly()));
		String plain = EmailBody.plain(email(OverviewFixtures.weekly()));

		// then 80 -> 120 ms is +50%
		assertThat(html).contains("Regressions worth a look").contains("Response time (ms): 80.0 &rarr; 120.0");
		assertThat(plain).contains("Regressions worth a look")
			.contains("- Checkout <Service>: Response time (ms) 80.0 -> 120.0 (+50.0%)");
	}

	@Test
	void thePlainTextPartHoldsTheHeadlinesWithTheirChangesInWords() {
		// when
		String plain = EmailBody.plain(email(OverviewFixtures.weekly()));

		// then
		assertThat(plain).startsWith("Weekly performance\nMon 9 Nov to Sun 15 Nov 2026, Europe/Berlin\n")
			.contains("The account against last week")
			.containsPattern("Response time \\(ms\\) +230\\.0  up 30\\.0 \\(\\+15\\.0%\\) from 200\\.0, worse\n")
			.containsPattern("Apdex score +0\\.92  up 0\\.02 \\(\\+2\\.2%\\) from 0\\.90, better\n")
			.containsPattern("Calls +16,500,000  up 1,500,000 \\(\\+10\\.0%\\) from 15,000,000\n")
			.containsPattern("Error rate +1\\.20%\n")
			.contains("Failed: Search")
			.contains("Attached: summary.csv, report.xlsx");
	}

	@Test
	void theBusiestShowTheirFiguresAndAnAbsentOneIsLeftOutNotZero() {
		// when
		String plain = EmailBody.plain(email(OverviewFixtures.weekly()));

		// then Checkout's response time 200 -> 250 ms is +25%; the idle worker has none
		assertThat(plain).contains("The 2 busiest applications")
			.contains("Checkout <Service> <" + OverviewFixtures.LINK
					+ ">\n  Apdex 0.93, down 0.02 (-2.1%) from 0.95, worse\n")
			.contains("  Response time (ms) 250.0, up 50.0 (+25.0%) from 200.0, worse\n")
			.contains("Idle Worker (no data)\n  Web throughput (rpm) 0.0, unchanged from 0.0\n")
			.doesNotContain("Response time (ms) 0.0");
	}

	@Test
	void aFigureTheRunDoesNotHaveIsNeitherARowNorAColumn() {
		// given a usage report's overview: calls and throughput, no Apdex at all
		Overview usage = new Overview(1, 0, 0,
				List.of(new Overview.Headline("Calls", Kind.INTEGER, Overview.Better.NEITHER, new Change(1200.0, null)),
						new Overview.Headline("Apdex score", Kind.SCORE, Overview.Better.HIGHER,
								new Change(null, null))),
				List.of(new Overview.Busy("Batch", new Change(1200.0, null), new Change(20.0, null),
						new Change(150.0, null), new Change(null, null), new Change(null, null), "ok")),
				List.of(), List.of(), List.of());

		// when
		String html = EmailBody.html(email(usage));

		// then two figures share the row, and neither a headline nor a column says Apdex
		assertThat(html).doesNotContain("Apdex score")
			.doesNotContain(">Apdex</div>")
			.contains("<td width=\"50%\"")
			.contains("Web throughput (rpm)</div>");
	}

	@Test
	void aReportOverSeveralAccountsGivesEachAccountsHeadlinesAfterTheirSum() {
		// given an overview of two accounts
		Overview.Headline all = new Overview.Headline("Calls", Kind.INTEGER, Overview.Better.NEITHER,
				new Change(1500.0, null));
		Overview two = new Overview(2, 0, 0, List.of(all), List.of(), List.of(), List.of(), List.of(), List.of(
				new Overview.AccountHeadlines("Production (account 1)",
						List.of(new Overview.Headline("Calls", Kind.INTEGER, Overview.Better.NEITHER,
								new Change(1200.0, null)))),
				new Overview.AccountHeadlines("Staging (account 2)", List.of(new Overview.Headline("Calls",
						Kind.INTEGER, Overview.Better.NEITHER, new Change(300.0, null))))));

		// when
		String html = EmailBody.html(email(two));
		String plain = EmailBody.plain(email(two));

		// then both tell the sum, then each account under its name, in order
		assertThat(html).containsSubsequence("1,500", "Production (account 1)", "1,200", "Staging (account 2)", "300");
		assertThat(plain).containsSubsequence("Calls  1,500", "Production (account 1)", "Calls  1,200",
				"Staging (account 2)", "Calls  300");
	}

	@Test
	void theFinanceEmailShowsTheUsageByTeamWithEachAccountsTotalAndEachApplicationsAccount() {
		// when
		String html = EmailBody.html(email(OverviewFixtures.finance()));
		String plain = EmailBody.plain(email(OverviewFixtures.finance()));

		// then each account's teams under its name, its total, then the total, before
		// the busiest; each "Checkout Service" says its account
		assertThat(html).containsSubsequence("Usage by team", "Demo production (account 1234567)", "checkout",
				"500,000", "50.00%", "(no team tag)", "Account total", "600,000", "60.00%",
				"Demo staging (account 7654321)", "checkout", "400,000", "Account total", "Total", "1,000,000",
				"100.00%", "busiest", "Checkout Service", "Demo production (account 1234567)", "Checkout Service",
				"Demo staging (account 7654321)");
		assertThat(plain).containsSubsequence("Usage by team", "Demo production (account 1234567):", "  checkout",
				"500,000", "50.00%", "Account total", "Demo staging (account 7654321):", "Total", "1,000,000",
				"100.00%", "Checkout Service (Demo production (account 1234567))",
				"Checkout Service (Demo staging (account 7654321))");
	}

	@Test
	void whatNeedsALookComesBeforeTheBusiestInTheWorkbooksColour() {
		// when
		String html = EmailBody.html(email(OverviewFixtures.needingALook()));
		String plain = EmailBody.plain(email(OverviewFixtures.needingALook()));

		// then the red application, in red and saying so, and the orange one come before
		// the busiest
		assertThat(html).containsSubsequence("2 applications need a look", "border-left:4px solid " + EmailHtml.RED,
				"Search Gateway", ">red</span>", "health red", "border-left:4px solid " + EmailHtml.ORANGE,
				"Inventory API", ">orange</span>", "busiest applications");
		assertThat(plain).containsSubsequence("2 applications need a look", "- Search Gateway: red: health red",
				"- Inventory API: orange: health orange", "busiest applications");
	}

	@Test
	void noRegressionsIsToldAsNoneOrAsNotChecked() {
		// given a week with the previous one and none worse, and a month without it
		Overview none = OverviewFixtures.needingALook();
		Overview unchecked = OverviewFixtures.finance();

		// then
		assertThat(EmailBody.html(email(none))).containsSubsequence("Regressions worth a look",
				"None: no figure of any application got worse by as much.");
		assertThat(EmailBody.plain(email(none))).contains("Regressions worth a look\n" + "-".repeat(24)
				+ "\nNone: no figure of any application got worse by as much.\n");
		assertThat(EmailBody.html(email(unchecked))).containsSubsequence("Regressions worth a look",
				"Not checked: this report does not fetch the previous period.");
		assertThat(EmailBody.plain(email(unchecked)))
			.contains("Not checked: this report does not fetch the previous period.");
	}

	private static RunDigest email(Overview overview) {
		return new RunDigest("weekly", "identity", "Weekly performance", "Subject", "Hello ops.",
				"Mon 9 Nov to Sun 15 Nov 2026, Europe/Berlin", "Demo production (account 1234567)", "last week",
				overview, CHARTS, List.of(Path.of("summary.csv"), Path.of("report.xlsx")));
	}

}
