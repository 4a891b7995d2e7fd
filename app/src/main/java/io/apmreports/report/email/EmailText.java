package io.apmreports.report.email;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.apmreports.report.digest.RunDigest;
import io.apmreports.report.digest.DigestText;
import io.apmreports.report.CourseText;
import io.apmreports.report.FigureText;
import io.apmreports.report.Overview;
import io.apmreports.report.UsageBreakdown;

/**
 * The plain-text part: the same figures as the HTML part, in aligned lines a fixed-width
 * font reads well, each change in words ("up 30.0 (+15.0%) from 200.0, worse").
 */
final class EmailText {

	private final RunDigest email;

	private final Overview overview;

	private final String headlinesTitle;

	private final StringBuilder text = new StringBuilder();

	EmailText(RunDigest email) {
		this.email = email;
		this.overview = email.overview();
		this.headlinesTitle = DigestText.headlinesTitle(email);
	}

	String render() {
		text.append(email.title())
			.append("\n")
			.append(email.rangeText())
			.append("\n")
			.append(email.account())
			.append("\n\n");
		text.append(email.intro()).append("\n\n");
		cost();
		if (overview.serviceLevels() != null) {
			text.append(EmailServiceLevels.text(overview.serviceLevels()));
		}
		// a report of cost, or of service levels, alone has no applications' figures
		if (!overview.withoutApplications()) {
			applications();
		}
		text.append("\nAttached: ").append(String.join(", ", email.fileNames())).append("\n");
		return text.toString();
	}

	private void applications() {
		text.append(DigestText.counts(overview)).append("\n");
		headlines();
		// what needs a look before what is merely busy
		DigestText.names(overview)
			.forEach((label, names) -> text.append("\n")
				.append(label)
				.append(": ")
				.append(String.join(", ", names))
				.append("\n"));
		attention();
		regressions();
		usage();
		busiest();
	}

	/** A cost report's bill and movers, where it has them. */
	private void cost() {
		if (overview.cost() == null) {
			return;
		}
		heading(DigestText.costTitle(overview.cost()));
		DigestText.costLines(overview.cost()).forEach(line -> text.append(line).append("\n"));
		heading(DigestText.moversTitle());
		DigestText.movers(overview.cost()).forEach(line -> text.append("- ").append(line).append("\n"));
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
		int nameWidth = headlines.stream().mapToInt(headline -> headline.name().length()).max().orElse(0);
		int valueWidth = headlines.stream()
			.mapToInt(headline -> FigureText.value(headline.change().current(), headline.kind()).length())
			.max()
			.orElse(0);
		for (Overview.Headline headline : headlines) {
			String value = FigureText.value(headline.change().current(), headline.kind());
			String change = FigureText.inWords(headline.change(), headline.kind(), headline.better(),
					overview.thresholds());
			String line = String.format(Locale.ROOT, "%-" + nameWidth + "s  %" + Math.max(valueWidth, 1) + "s  %s",
					headline.name(), value, change);
			text.append(line.stripTrailing()).append("\n");
			if (headline.course() != null) {
				text.append(" ".repeat(nameWidth + 2)).append(CourseText.headline(headline)).append("\n");
			}
		}
	}

	private void attention() {
		if (overview.attention().isEmpty()) {
			return;
		}
		heading(DigestText.attentionTitle(overview));
		overview.attention()
			.forEach(attention -> text.append("- ").append(DigestText.attention(attention)).append("\n"));
	}

	/** The usage by team in aligned columns, each account's groups under its name. */
	private void usage() {
		UsageBreakdown usage = overview.usage();
		if (usage.isEmpty()) {
			return;
		}
		heading(usage.title());
		List<List<String>> rows = new ArrayList<>();
		rows.add(DigestText.usageTitles(usage));
		String account = null;
		for (UsageBreakdown.Line line : usage.lines()) {
			if (usage.groupBy() != null && line.level() == UsageBreakdown.Level.GROUP && line.account() != null
					&& !line.account().equals(account)) {
				account = line.account();
				rows.add(List.of(account + ":"));
			}
			List<String> row = new ArrayList<>();
			row.add((line.level() == UsageBreakdown.Level.GROUP && account != null ? "  " : "") + line.label());
			row.addAll(DigestText.usageFigures(line));
			rows.add(row);
		}
		int[] widths = new int[4];
		rows.stream().filter(row -> row.size() == 4).forEach(row -> {
			for (int i = 0; i < 4; i++) {
				widths[i] = Math.max(widths[i], row.get(i).length());
			}
		});
		for (List<String> row : rows) {
			String line = row.size() < 4 ? row.get(0)
					: String.format(Locale.ROOT,
							"%-" + widths[0] + "s  %" + widths[1] + "s  %" + widths[2] + "s  %" + widths[3] + "s",
							row.toArray());
			text.append(line.stripTrailing()).append("\n");
		}
	}

	private void regressions() {
		if (overview.regressions().isEmpty()) {
			heading("Regressions worth a look");
			text.append(overview.noRegressions()).append("\n");
			return;
		}
		heading("Regressions worth a look");
		for (Overview.Mover mover : overview.regressions()) {
			text.append("- ")
				.append(mover.applicationName())
				.append(": ")
				.append(mover.figure())
				.append(" ")
				.append(FigureText.value(mover.change().previous(), mover.kind()))
				.append(" -> ")
				.append(FigureText.value(mover.change().current(), mover.kind()));
			String percent = FigureText.moved(mover.change(), mover.kind());
			text.append(percent.isEmpty() ? "" : " (" + percent + ")");
			String usual = CourseText.regression(mover);
			text.append(usual.isEmpty() ? "" : "; " + usual).append("\n");
		}
	}

	private void busiest() {
		if (overview.busiest().isEmpty()) {
			return;
		}
		heading(EmailBody.busiestTitle(overview));
		for (Overview.Busy busy : overview.busiest()) {
			text.append(DigestText.withAccount(EmailBody.applicationName(busy), busy.account()))
				.append(busy.link() == null ? "" : " <" + busy.link() + ">")
				.append("\n");
			for (EmailBody.BusyFigure figure : EmailBody.busyFigures(overview)) {
				String value = FigureText.value(figure.change().apply(busy).current(), figure.kind());
				if (value.isEmpty()) {
					continue;
				}
				String change = FigureText.inWords(figure.change().apply(busy), figure.kind(), figure.better(),
						overview.thresholds());
				text.append("  ")
					.append(figure.name())
					.append(" ")
					.append(value)
					.append(change.isEmpty() ? "" : ", " + change)
					.append("\n");
			}
		}
	}

	private void heading(String title) {
		text.append("\n").append(title).append("\n").append("-".repeat(title.length())).append("\n");
	}

}
