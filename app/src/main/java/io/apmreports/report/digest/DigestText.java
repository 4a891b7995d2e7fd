package io.apmreports.report.digest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.apmreports.formula.Kind;
import io.apmreports.report.Attention;
import io.apmreports.report.Columns;
import io.apmreports.report.FigureText;
import io.apmreports.formula.CostMovers;
import io.apmreports.report.CostHeadline;
import io.apmreports.report.Overview;
import io.apmreports.report.UsageBreakdown;

/**
 * The words every channel says a digest's figures in, so that the e-mail, Slack and Teams
 * say them alike: the counts, the failed and gone by name, the headings.
 */
public final class DigestText {

	private DigestText() {
	}

	/** "13 applications, 1 failed, 2 gone (deleted during the run)." */
	public static String counts(Overview overview) {
		StringBuilder line = new StringBuilder();
		line.append(overview.applications()).append(overview.applications() == 1 ? " application" : " applications");
		line.append(", ").append(overview.failed()).append(" failed");
		if (overview.gone() > 0) {
			line.append(", ").append(overview.gone()).append(" gone (deleted during the run)");
		}
		return line.append(".").toString();
	}

	/**
	 * The failed and the gone applications by name, so that nobody misses them; none when
	 * there are none.
	 */
	public static Map<String, List<String>> names(Overview overview) {
		Map<String, List<String>> names = new LinkedHashMap<>();
		if (!overview.failedApplications().isEmpty()) {
			names.put("Failed", overview.failedApplications());
		}
		if (!overview.goneApplications().isEmpty()) {
			names.put("Gone (deleted during the run)", overview.goneApplications());
		}
		return names;
	}

	/**
	 * The headlines' heading: against the previous period ("last week") only where there
	 * is one.
	 */
	public static String headlinesTitle(RunDigest email) {
		return email.overview().compared() ? email.scope() + " against " + email.previousPeriod() : email.scope();
	}

	/** The heading of the applications the Summary sheet marks. */
	public static String attentionTitle(Overview overview) {
		return overview.attention().size() == 1 ? "1 application needs a look"
				: overview.attention().size() + " applications need a look";
	}

	/**
	 * One application that needs a look, in words: "Search Gateway (Demo staging (account
	 * 7654321)): red: health red, error rate 6.20% (above 5.00%)".
	 */
	public static String attention(Attention attention) {
		return withAccount(attention.applicationName(), attention.account()) + ": "
				+ attention.severity().name().toLowerCase(Locale.ROOT) + ": " + String.join(", ", attention.reasons());
	}

	/** A name with its account, where the report reads several. */
	public static String withAccount(String name, String account) {
		return account == null ? name : name + " (" + account + ")";
	}

	/** A breakdown line's calls and share: "1,234,567 calls, 12.50%". */
	public static List<String> usageFigures(UsageBreakdown.Line line) {
		return List.of(FigureText.value((double) line.applications(), Kind.INTEGER),
				FigureText.value(line.calls(), Kind.INTEGER), FigureText.value(line.shareOfCalls(), Kind.FRACTION));
	}

	/** The breakdown's column titles, the group's first. */
	public static List<String> usageTitles(UsageBreakdown usage) {
		return List.of(usage.groupBy() == null ? "Account" : Columns.groupTitle(usage.groupBy()), "Applications",
				"Calls", "Share of calls");
	}

	/** The cost headline's heading: "The bill of October 2026". */
	public static String costTitle(CostHeadline cost) {
		return "The bill of " + cost.month();
	}

	/** The heading of the teams that changed most. */
	public static String moversTitle() {
		return "The biggest movers against the previous month";
	}

	/**
	 * The cost headline's figures in words, each with its cost where priced ("Billable
	 * ingest: 320 GB, $96.00"), then how much was measured and the vendor's own figure.
	 */
	public static List<String> costLines(CostHeadline cost) {
		List<String> lines = new ArrayList<>();
		for (CostHeadline.Figure figure : cost.figures()) {
			StringBuilder line = new StringBuilder(figure.name()).append(": ");
			if (figure.quantity() != null) {
				line.append(FigureText.number(figure.quantity().doubleValue(),
						figure.quantity().stripTrailingZeros().scale() <= 0 ? 0 : 1))
					.append(" ")
					.append(figure.unit());
			}
			if (figure.cost() != null) {
				line.append(figure.quantity() != null ? ", " : "")
					.append(CostMovers.money(figure.cost(), cost.currency(), false));
			}
			lines.add(line.toString());
		}
		if (cost.currency() == null) {
			lines.add("No prices are given in the definition: quantities alone, no cost.");
		}
		lines.addAll(cost.notes());
		return lines;
	}

	/** The movers in words, or what is said in their place. */
	public static List<String> movers(CostHeadline cost) {
		return cost.movers().isEmpty() ? List.of(cost.moversNote()) : cost.movers();
	}

}
