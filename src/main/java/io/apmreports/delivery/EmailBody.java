package io.apmreports.delivery;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import org.springframework.web.util.HtmlUtils;

import io.apmreports.output.Overview;

/**
 * Renders an e-mail's body twice, as HTML and as plain text for mail readers without
 * HTML: the intro, the account in a line, the busiest applications in a table, failed
 * applications by name, and the attached files. A column that is empty in every row (a
 * usage report has no response times) is left out.
 */
final class EmailBody {

	private record Column(String header, Function<Overview.Busy, String> value, boolean numeric) {
	}

	private static final List<Column> COLUMNS = List.of(
			new Column("Application", Overview.Busy::applicationName, false),
			new Column("Calls", row -> number(row.calls().current(), 0), true),
			new Column("Throughput (rpm)", row -> number(row.throughputRpm().current(), 1), true),
			new Column("Response time (ms)", row -> number(row.responseTimeMs().current(), 1), true),
			new Column("Error rate (%)",
					row -> row.errorRate().current() == null ? "" : number(row.errorRate().current() * 100, 2), true),
			new Column("Apdex", row -> number(row.apdexScore().current(), 2), true),
			new Column("Status", Overview.Busy::status, false));

	private EmailBody() {
	}

	static String plain(ReportEmail email) {
		StringBuilder text = new StringBuilder(email.intro()).append("\n\n");
		text.append(overview(email.overview())).append("\n");
		List<Column> columns = columns(email.overview());
		if (!email.overview().busiest().isEmpty()) {
			text.append("\n").append(tableTitle(email.overview())).append(":\n\n");
			List<List<String>> cells = new ArrayList<>();
			cells.add(columns.stream().map(Column::header).toList());
			email.overview()
				.busiest()
				.forEach(row -> cells.add(columns.stream().map(c -> c.value().apply(row)).toList()));
			int[] widths = new int[columns.size()];
			cells.forEach(line -> {
				for (int i = 0; i < widths.length; i++) {
					widths[i] = Math.max(widths[i], line.get(i).length());
				}
			});
			for (List<String> line : cells) {
				List<String> padded = new ArrayList<>();
				for (int i = 0; i < widths.length; i++) {
					String format = "%" + (columns.get(i).numeric() ? "" : "-") + widths[i] + "s";
					padded.add(String.format(Locale.ROOT, format, line.get(i)));
				}
				text.append(String.join("  ", padded).stripTrailing()).append("\n");
			}
		}
		names(email.overview()).forEach((label,
				names) -> text.append("\n").append(label).append(": ").append(String.join(", ", names)).append("\n"));
		text.append("\nAttached: ").append(String.join(", ", fileNames(email))).append("\n");
		return text.toString();
	}

	static String html(ReportEmail email) {
		StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html><body style=\"font-family:sans-serif\">\n");
		html.append("<p>").append(escape(email.intro()).replace("\n", "<br>")).append("</p>\n");
		html.append("<p>").append(escape(overview(email.overview()))).append("</p>\n");
		List<Column> columns = columns(email.overview());
		if (!email.overview().busiest().isEmpty()) {
			html.append("<p>").append(escape(tableTitle(email.overview()))).append(":</p>\n");
			html.append("<table style=\"border-collapse:collapse\" cellpadding=\"4\" border=\"1\">\n<tr>");
			columns.forEach(column -> html.append("<th>").append(escape(column.header())).append("</th>"));
			html.append("</tr>\n");
			for (Overview.Busy row : email.overview().busiest()) {
				html.append("<tr>");
				for (Column column : columns) {
					html.append(column.numeric() ? "<td align=\"right\">" : "<td>")
						.append(escape(column.value().apply(row)))
						.append("</td>");
				}
				html.append("</tr>\n");
			}
			html.append("</table>\n");
		}
		names(email.overview()).forEach((label, names) -> html.append("<p><b>")
			.append(escape(label))
			.append(":</b> ")
			.append(escape(String.join(", ", names)))
			.append("</p>\n"));
		html.append("<p>Attached: ").append(escape(String.join(", ", fileNames(email)))).append("</p>\n");
		return html.append("</body></html>\n").toString();
	}

	private static String overview(Overview summary) {
		StringBuilder line = new StringBuilder();
		line.append(summary.applications()).append(summary.applications() == 1 ? " application" : " applications");
		line.append(", ").append(summary.failed()).append(" failed");
		if (summary.gone() > 0) {
			line.append(", ").append(summary.gone()).append(" gone (deleted during the run)");
		}
		Double calls = summary.headlines().get(1).change().current();
		Double throughput = summary.headlines().get(2).change().current();
		if (calls != null) {
			line.append("; ").append(number(calls, 0)).append(" calls");
		}
		if (throughput != null) {
			line.append("; web throughput ").append(number(throughput, 1)).append(" rpm");
		}
		return line.append(".").toString();
	}

	/**
	 * The failed and the gone applications by name, so that nobody misses them; none when
	 * there are none.
	 */
	private static Map<String, List<String>> names(Overview summary) {
		Map<String, List<String>> names = new LinkedHashMap<>();
		if (!summary.failedApplications().isEmpty()) {
			names.put("Failed", summary.failedApplications());
		}
		if (!summary.goneApplications().isEmpty()) {
			names.put("Gone (deleted during the run)", summary.goneApplications());
		}
		return names;
	}

	private static String tableTitle(Overview summary) {
		return summary.busiest().size() == 1 ? "The busiest application"
				: "The " + summary.busiest().size() + " busiest applications";
	}

	private static List<Column> columns(Overview summary) {
		return COLUMNS.stream()
			.filter(column -> !column.numeric()
					|| summary.busiest().stream().anyMatch(row -> !column.value().apply(row).isEmpty()))
			.toList();
	}

	private static List<String> fileNames(ReportEmail email) {
		return email.attachments().stream().map(Path::getFileName).map(Path::toString).toList();
	}

	/**
	 * Grouped thousands, fixed decimals, and an empty text for an absent figure: never 0,
	 * NaN or Infinity.
	 */
	static String number(Double value, int decimals) {
		if (value == null || value.isNaN() || value.isInfinite()) {
			return "";
		}
		return String.format(Locale.ENGLISH, "%,." + decimals + "f", value);
	}

	private static String escape(String text) {
		return HtmlUtils.htmlEscape(text, "UTF-8");
	}

}
