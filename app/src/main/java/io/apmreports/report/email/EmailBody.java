package io.apmreports.report.email;

import java.util.List;
import java.util.function.Function;

import io.apmreports.report.digest.RunDigest;
import io.apmreports.formula.Change;
import io.apmreports.formula.Kind;
import io.apmreports.report.Overview;

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

	public static String plain(RunDigest email) {
		return new EmailText(email).render();
	}

	public static String html(RunDigest email) {
		return new EmailHtml(email).render();
	}

	static String busiestTitle(Overview overview) {
		return overview.busiest().size() == 1 ? "The busiest application"
				: "The " + overview.busiest().size() + " busiest applications";
	}

	static String applicationName(Overview.Busy busy) {
		return "no_data".equals(busy.status()) ? busy.applicationName() + " (no data)" : busy.applicationName();
	}

}
