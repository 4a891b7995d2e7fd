package io.apmreports.report.email;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.apmreports.formula.Change;
import io.apmreports.formula.Kind;
import io.apmreports.report.Overview;

/**
 * Renders an e-mail's body twice, as HTML and as plain text for mail readers without
 * HTML, so that the message stands alone without its attachments: the title and range,
 * the account's headline figures against the previous period, the regressions worth a
 * look, the busiest applications, the failed and the gone by name, the charts (HTML only)
 * and the attached files.
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

}
