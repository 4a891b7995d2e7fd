package io.apmreports.report.email;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import io.apmreports.formula.Change;
import io.apmreports.formula.Kind;
import io.apmreports.report.Attention;
import io.apmreports.report.Columns;
import io.apmreports.report.FigureText;
import io.apmreports.report.Overview;
import io.apmreports.report.UsageBreakdown;

/**
 * Renders an e-mail's body twice, as HTML and as plain text for mail readers without
 * HTML, so that the message stands alone without its attachments: the title and range,
 * the account's headline figures against the previous period, the failed and the gone by
 * name, the applications that need a look, the regressions worth a look (or that none
 * were, or that none were looked for), the usage by team, the busiest applications (each
 * with its account over several), the charts (HTML only) and the attached files.
 */
public final class EmailBody {

	/** A figure each of the busiest applications is shown with. */
	record BusyFigure(String name, Kind kind, Overview.Better better, Function<Overview.Busy, Change> change) {
	}

	private static final List<BusyFigure> BUSY_FIGURES = List.of(
			new BusyFigure("Apdex", Kind.SCORE, Overview.Better.HIGHER, Overview.Busy::apdexScore),
			new BusyFigure("Web throughput (rpm)", Kind.RATE, Overview.Better.NEITHER, Overview.Busy::throughputRpm),
			new BusyFigure("Response time (ms)", Kind.MILLISECONDS, Overview.Better.LOWER,
					Overview.Busy::responseTimeMs));

	private EmailBody() {
	}

	/** The busiest applications' figures that some of them have. */
	static List<BusyFigure> busyFigures(Overview overview) {
		return BUSY_FIGURES.stream().filter(figure -> overview.busiestHave(figure.change())).toList();
	}

	public static String plain(ReportEmail email) {
		return new EmailText(email).render();
	}

	public static String html(ReportEmail email) {
		return new EmailHtml(email).render();
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
	public static String headlinesTitle(ReportEmail email) {
		return email.overview().compared() ? email.scope() + " against " + email.previousPeriod() : email.scope();
	}

	static String busiestTitle(Overview overview) {
		return overview.busiest().size() == 1 ? "The busiest application"
				: "The " + overview.busiest().size() + " busiest applications";
	}

	static String applicationName(Overview.Busy busy) {
		return "no_data".equals(busy.status()) ? busy.applicationName() + " (no data)" : busy.applicationName();
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

}
