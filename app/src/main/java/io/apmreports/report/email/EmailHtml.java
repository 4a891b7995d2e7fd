package io.apmreports.report.email;

import java.util.List;
import java.util.Locale;

import org.springframework.web.util.HtmlUtils;

import io.apmreports.report.digest.RunDigest;
import io.apmreports.report.digest.DigestText;
import io.apmreports.formula.Change;
import io.apmreports.formula.Kind;
import io.apmreports.report.Attention;
import io.apmreports.report.FigureText;
import io.apmreports.report.Overview;
import io.apmreports.report.UsageBreakdown;
import io.apmreports.report.picture.ChartPicture;

/**
 * The HTML part as mail clients render it: nested tables, inline styles only, one column
 * no wider than 640 pixels that narrows with a phone's screen, so that no row is wider
 * than the screen. Each change carries an arrow for its direction, green when the figure
 * got better, red when worse, grey for traffic. The charts are inline pictures
 * ({@code cid:}) that scale down with the column.
 */
final class EmailHtml {

	static final String GREEN = "#1a7f37";

	static final String RED = "#c62828";

	static final String GREY = "#6b7280";

	/** The workbook's orange: a health the vendor calls orange. */
	static final String ORANGE = "#c25e00";

	private static final String TEXT = "#1f2933";

	private static final String RULE = "border-bottom:1px solid #e5e7eb;";

	private static final String FONT = "font-family:'Segoe UI',Helvetica,Arial,'DejaVu Sans',sans-serif;";

	private final RunDigest email;

	private final Overview overview;

	private final String headlinesTitle;

	private final StringBuilder html = new StringBuilder();

	EmailHtml(RunDigest email) {
		this.email = email;
		this.overview = email.overview();
		this.headlinesTitle = DigestText.headlinesTitle(email);
	}

	String render() {
		html.append("<!DOCTYPE html>\n<html><head><meta charset=\"UTF-8\">")
			.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
			.append("<title>")
			.append(escape(email.subject()))
			.append("</title></head>\n<body style=\"margin:0;padding:0;background:#f3f4f6;\">\n")
			.append("<table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\" ")
			.append("style=\"background:#f3f4f6;\"><tr><td align=\"center\" style=\"padding:12px 6px;\">\n")
			.append("<table role=\"presentation\" width=\"640\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\" ")
			.append("style=\"width:100%;max-width:640px;background:#ffffff;" + FONT + "color:" + TEXT + ";\">\n");
		row("padding:20px 16px 0;font-size:22px;font-weight:bold;", escape(email.title()));
		row("padding:2px 16px 12px;font-size:14px;color:" + GREY + ";",
				escape(email.rangeText()) + "<br>" + escape(email.account()));
		row("padding:0 16px 4px;font-size:14px;line-height:1.5;", escape(email.intro()).replace("\n", "<br>"));
		if (overview.cost() != null) {
			cost();
		}
		if (overview.serviceLevels() != null) {
			html.append(EmailServiceLevels.html(overview.serviceLevels()));
		}
		// a report of cost, or of service levels, alone has no applications' figures
		if (!overview.withoutApplications()) {
			row("padding:0 16px 8px;font-size:14px;", escape(DigestText.counts(overview)));
			headlines();
			// what needs a look before what is merely busy
			DigestText.names(overview)
				.forEach((label, names) -> row("padding:8px 16px;font-size:14px;",
						"<b>" + escape(label) + ":</b> " + escape(String.join(", ", names))));
			attention();
			regressions();
			usage();
			busiest();
		}
		charts();
		row("padding:16px 16px 20px;font-size:13px;color:" + GREY + ";",
				"Attached: " + escape(String.join(", ", email.fileNames())));
		return html.append("</table>\n</td></tr></table>\n</body></html>\n").toString();
	}

	/** A cost report's bill, line by line, and the movers in words. */
	private void cost() {
		heading(DigestText.costTitle(overview.cost()));
		DigestText.costLines(overview.cost()).forEach(line -> row("padding:4px 16px;font-size:14px;", escape(line)));
		heading(DigestText.moversTitle());
		DigestText.movers(overview.cost()).forEach(line -> row("padding:4px 16px;font-size:14px;", escape(line)));
	}

	/** The report's headlines, then, over several accounts, each account's. */
	private void headlines() {
		headlines(headlinesTitle, overview.headlines());
		overview.accounts().forEach(account -> headlines(account.account(), account.headlines()));
	}

	private void headlines(String title, List<Overview.Headline> headlines) {
		if (headlines.isEmpty()) {
			return;
		}
		heading(title);
		StringBuilder rows = new StringBuilder();
		for (Overview.Headline headline : headlines) {
			rows.append("<tr><td valign=\"top\" style=\"padding:8px 8px 8px 0;" + RULE + "font-size:14px;\">")
				.append(escape(headline.name()))
				.append(CourseHtml.of(headline))
				.append("</td><td align=\"right\" valign=\"top\" style=\"padding:8px 0;" + RULE
						+ "text-align:right;\">")
				.append("<div style=\"font-size:17px;font-weight:bold;\">")
				.append(escape(FigureText.value(headline.change().current(), headline.kind())))
				.append("</div>")
				.append(change(headline.change(), headline.kind(), headline.better(), true))
				.append("</td></tr>\n");
		}
		block(rows.toString());
	}

	/** Each in the colour the workbook marks it with, and saying it in words. */
	private void attention() {
		if (overview.attention().isEmpty()) {
			return;
		}
		heading(DigestText.attentionTitle(overview));
		StringBuilder rows = new StringBuilder();
		for (Attention attention : overview.attention()) {
			String colour = attention.severity() == Attention.Severity.RED ? RED : ORANGE;
			rows.append("<tr><td style=\"padding:8px 0 8px 8px;" + RULE + "border-left:4px solid " + colour
					+ ";font-size:14px;\">")
				.append("<div style=\"font-weight:bold;\">")
				.append(escape(attention.applicationName()))
				.append(" <span style=\"color:" + colour + ";\">")
				.append(escape(attention.severity().name().toLowerCase(Locale.ROOT)))
				.append("</span></div>")
				.append(account(attention.account()))
				.append("<div>")
				.append(escape(String.join(", ", attention.reasons())))
				.append("</div></td></tr>\n");
		}
		block(rows.toString());
	}

	/** The usage by team, each account's groups under its name, with its total. */
	private void usage() {
		UsageBreakdown usage = overview.usage();
		if (usage.isEmpty()) {
			return;
		}
		heading(usage.title());
		StringBuilder rows = new StringBuilder("<tr>");
		List<String> titles = DigestText.usageTitles(usage);
		for (int i = 0; i < titles.size(); i++) {
			rows.append(cell(i, "font-size:11px;color:" + GREY + ";", escape(titles.get(i))));
		}
		rows.append("</tr>\n");
		String account = null;
		for (UsageBreakdown.Line line : usage.lines()) {
			if (usage.groupBy() != null && line.level() == UsageBreakdown.Level.GROUP && line.account() != null
					&& !line.account().equals(account)) {
				account = line.account();
				rows.append("<tr><td colspan=\"4\" style=\"padding:10px 0 2px;font-size:13px;font-weight:bold;\">")
					.append(escape(account))
					.append("</td></tr>\n");
			}
			String style = "font-size:14px;" + (line.level() == UsageBreakdown.Level.GROUP ? "" : "font-weight:bold;")
					+ (line.level() == UsageBreakdown.Level.TOTAL ? "border-top:2px solid " + TEXT + ";" : "");
			List<String> figures = DigestText.usageFigures(line);
			rows.append("<tr>").append(cell(0, style, escape(line.label())));
			for (int i = 0; i < figures.size(); i++) {
				rows.append(cell(i + 1, style, escape(figures.get(i))));
			}
			rows.append("</tr>\n");
		}
		block(rows.toString());
	}

	/** A cell of a table of figures: the first a name, the others right-aligned. */
	private static String cell(int column, String style, String content) {
		return "<td" + (column == 0 ? "" : " align=\"right\"") + " style=\"padding:6px " + (column == 0 ? "8px" : "0")
				+ " 6px 0;" + RULE + (column == 0 ? "" : "text-align:right;white-space:nowrap;") + style + "\">"
				+ content + "</td>";
	}

	/** An application's account under its name, where the report reads several. */
	private static String account(String account) {
		return account == null ? "" : "<div style=\"font-size:12px;color:" + GREY + ";\">" + escape(account) + "</div>";
	}

	private void regressions() {
		if (overview.regressions().isEmpty()) {
			heading("Regressions worth a look");
			row("padding:8px 16px;font-size:14px;", escape(overview.noRegressions()));
			return;
		}
		heading("Regressions worth a look");
		StringBuilder rows = new StringBuilder();
		for (Overview.Mover mover : overview.regressions()) {
			String percent = FigureText.moved(mover.change(), mover.kind());
			rows.append("<tr><td style=\"padding:8px 0;" + RULE + "font-size:14px;\">")
				.append("<div style=\"font-weight:bold;\">")
				.append(escape(mover.applicationName()))
				.append("</div><div>")
				.append(escape(mover.figure()))
				.append(": ")
				.append(escape(FigureText.value(mover.change().previous(), mover.kind())))
				.append(" &rarr; ")
				.append(escape(FigureText.value(mover.change().current(), mover.kind())))
				.append(percent.isEmpty() ? ""
						: " <span style=\"color:" + colour(mover.better(), mover.change(), mover.kind())
								+ ";font-weight:bold;\">" + FigureText.arrow(mover.change(), mover.kind()) + " "
								+ escape(percent) + "</span>")
				.append("</div>")
				.append(CourseHtml.regression(mover))
				.append("</td></tr>\n");
		}
		block(rows.toString());
	}

	private void busiest() {
		if (overview.busiest().isEmpty()) {
			return;
		}
		heading(EmailBody.busiestTitle(overview));
		List<EmailBody.BusyFigure> figures = EmailBody.busyFigures(overview);
		String width = 100 / Math.max(1, figures.size()) + "%";
		StringBuilder rows = new StringBuilder();
		for (Overview.Busy busy : overview.busiest()) {
			rows.append("<tr><td style=\"padding:8px 0;" + RULE + "\">")
				.append("<div style=\"font-size:15px;font-weight:bold;\">")
				.append(busy.link() == null ? escape(EmailBody.applicationName(busy))
						: "<a href=\"" + escape(busy.link()) + "\" style=\"color:" + TEXT + ";\">"
								+ escape(EmailBody.applicationName(busy)) + "</a>")
				.append("</div>")
				.append(account(busy.account()))
				.append("<table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\" ")
				.append("style=\"table-layout:fixed;\"><tr>");
			for (EmailBody.BusyFigure figure : figures) {
				Change change = figure.change().apply(busy);
				rows.append("<td width=\"" + width + "\" valign=\"top\" style=\"padding:4px 6px 0 0;\">")
					.append("<div style=\"font-size:11px;color:" + GREY + ";\">")
					.append(escape(figure.name()))
					.append("</div><div style=\"font-size:15px;\">")
					.append(escape(FigureText.value(change.current(), figure.kind())))
					.append("&nbsp;</div>")
					.append(change(change, figure.kind(), figure.better(), false))
					.append("</td>");
			}
			rows.append("</tr></table></td></tr>\n");
		}
		block(rows.toString());
	}

	private void charts() {
		List<ChartPicture> charts = email.charts();
		if (charts.isEmpty()) {
			return;
		}
		heading("Charts");
		for (ChartPicture chart : charts) {
			row("padding:4px 16px 12px;",
					"<img src=\"cid:" + escape(chart.name()) + "\" width=\"" + chart.width() / 2 + "\" alt=\""
							+ escape(chart.title()) + "\" style=\"display:block;width:100%;max-width:"
							+ chart.width() / 2 + "px;height:auto;border:0;\">");
		}
	}

	/**
	 * The arrow, the difference and the percentage in the verdict's colour, and with
	 * {@code previous} the previous value in grey; nothing without a change.
	 */
	private String change(Change change, Kind kind, Overview.Better better, boolean previous) {
		if (!FigureText.hasChange(change)) {
			return "";
		}
		return "<div style=\"font-size:12px;color:" + colour(better, change, kind) + ";\">"
				+ escape(FigureText.shown(change, kind)) + (previous ? " <span style=\"color:" + GREY + ";\">from "
						+ escape(FigureText.from(change, kind)) + "</span>" : "")
				+ "</div>";
	}

	private String colour(Overview.Better better, Change change, Kind kind) {
		return switch (FigureText.verdict(better, change, kind, overview.thresholds())) {
			case BETTER -> GREEN;
			case WORSE -> RED;
			case NEUTRAL -> GREY;
		};
	}

	private void heading(String title) {
		row("padding:20px 16px 0;", "<div style=\"font-size:16px;font-weight:bold;padding-bottom:4px;"
				+ "border-bottom:2px solid " + TEXT + ";\">" + escape(title) + "</div>");
	}

	/** A table of rows inside the column, with its margins. */
	private void block(String rows) {
		row("padding:0 16px;", "<table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" "
				+ "border=\"0\">\n" + rows + "</table>");
	}

	private void row(String style, String content) {
		html.append("<tr><td style=\"").append(style).append("\">").append(content).append("</td></tr>\n");
	}

	private static String escape(String text) {
		return HtmlUtils.htmlEscape(text, "UTF-8");
	}

}
