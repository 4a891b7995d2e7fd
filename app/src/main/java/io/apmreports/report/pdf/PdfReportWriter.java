package io.apmreports.report.pdf;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import io.apmreports.formula.Change;
import io.apmreports.formula.Kind;
import io.apmreports.report.ChartData;
import io.apmreports.report.CostReport;
import io.apmreports.report.FigureText;
import io.apmreports.report.Overview;
import io.apmreports.report.PeriodWords;
import io.apmreports.report.ReportHeader;
import io.apmreports.report.ReportSink;
import io.apmreports.report.ServiceLevelReport;
import io.apmreports.report.picture.ChartPicture;

/**
 * Writes the PDF of a report: the overview a reader needs before anything else (the
 * account's headline figures with their changes, the failed and the gone, the
 * applications that need a look, the regressions, the usage by team, the busiest
 * applications) and the charts as the e-mail shows them, on a few A4 pages to print or
 * read on a phone.
 */
public final class PdfReportWriter implements ReportSink {

	private static final float[] HEADLINE_COLUMNS = { 0, 260, 340, 515 };

	private static final float[] BUSY_COLUMNS = { 0, 185, 295, 405 };

	private static final DateTimeFormatter GENERATED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ENGLISH);

	private final Path file;

	private final ReportHeader header;

	private final Function<ChartData, List<ChartPicture>> pictures;

	private List<ChartPicture> charts = List.of();

	private Overview overview;

	private CostReport cost;

	private ServiceLevelReport levels;

	/**
	 * @param file the PDF to write
	 * @param header what the report is and covers
	 * @param pictures draws the chart data as pictures, the same as the e-mail's
	 */
	public PdfReportWriter(Path file, ReportHeader header, Function<ChartData, List<ChartPicture>> pictures) {
		this.file = file;
		this.header = header;
		this.pictures = pictures;
	}

	@Override
	public void charts(ChartData data) {
		charts = pictures.apply(data);
	}

	@Override
	public void cost(CostReport report) {
		cost = report;
	}

	@Override
	public void serviceLevels(ServiceLevelReport report) {
		levels = report;
	}

	@Override
	public void overview(Overview content) {
		overview = content;
	}

	@Override
	public void close() throws IOException {
		try (PdfCanvas pdf = new PdfCanvas()) {
			String range = header.range().describe(header.timeZone());
			pdf.text(0, header.title(), 20, PdfCanvas.TEXT, true);
			pdf.down(18);
			pdf.text(0, range, 11, PdfCanvas.GREY, false);
			pdf.down(14);
			pdf.text(0, header.account(), 11, PdfCanvas.GREY, false);
			pdf.down(14);
			pdf.text(0, generated(header), 8, PdfCanvas.GREY, false);
			if (header.selectionNote() != null) {
				wrapped(pdf, header.selectionNote(), 8, PdfCanvas.GREY);
			}
			if (overview != null && overview.cost() != null) {
				PdfCost.headline(pdf, overview.cost());
			}
			if (overview != null && overview.serviceLevels() != null) {
				PdfServiceLevels.headline(pdf, overview.serviceLevels());
			}
			// a report of cost, or of service levels, alone has no applications' figures
			if (overview != null && !overview.withoutApplications()) {
				pdf.down(20);
				pdf.text(0, counts(overview), 10, PdfCanvas.TEXT, false);
				headlines(pdf);
				// what needs a look before what is merely busy
				names(pdf, "Failed", overview.failedApplications());
				names(pdf, "Gone (deleted during the run)", overview.goneApplications());
				PdfSections.attention(pdf, overview);
				regressions(pdf);
				PdfSections.usage(pdf, overview);
				busiest(pdf);
			}
			if (cost != null) {
				PdfCost.teams(pdf, cost);
			}
			if (levels != null) {
				PdfServiceLevels.tables(pdf, levels);
			}
			if (!charts.isEmpty()) {
				pdf.newPage();
				for (ChartPicture chart : charts) {
					pdf.picture(chart.png(), chart.name(), chart.width(), chart.height());
					pdf.down(16);
				}
			}
			pdf.save(file, header.title() + " \u2013 " + range);
		}
	}

	/** The report's headlines, then, over several accounts, each account's. */
	private void headlines(PdfCanvas pdf) throws IOException {
		headlines(pdf, header.scope(), overview.headlines());
		for (Overview.AccountHeadlines account : overview.accounts()) {
			headlines(pdf, account.account(), account.headlines());
		}
	}

	private void headlines(PdfCanvas pdf, String scope, List<Overview.Headline> headlines) throws IOException {
		if (headlines.isEmpty()) {
			return;
		}
		PeriodWords words = PeriodWords.of(header.range(), header.timeZone());
		// the previous period's column only where the run fetched it, as on the Overview
		// sheet
		if (overview.compared()) {
			heading(pdf, scope + " against " + words.against());
			columnTitles(pdf, HEADLINE_COLUMNS, words.now(), words.before(), "Change");
		}
		else {
			heading(pdf, scope);
			columnTitles(pdf, HEADLINE_COLUMNS, words.now(), "", "");
		}
		for (Overview.Headline headline : headlines) {
			pdf.room(18);
			pdf.down(16);
			Change change = headline.change();
			pdf.text(0, pdf.fit(headline.name(), 10, 250), 10, PdfCanvas.TEXT, false);
			pdf.textRight(HEADLINE_COLUMNS[1] + 60, FigureText.value(change.current(), headline.kind()), 10,
					PdfCanvas.TEXT);
			pdf.textRight(HEADLINE_COLUMNS[2] + 60, FigureText.value(change.previous(), headline.kind()), 10,
					PdfCanvas.GREY);
			pdf.textRight(HEADLINE_COLUMNS[3], FigureText.shown(change, headline.kind()), 10,
					colour(headline.better(), change, headline.kind()));
			PdfCourse.headline(pdf, headline);
		}
	}

	private void regressions(PdfCanvas pdf) throws IOException {
		heading(pdf, "Regressions worth a look");
		if (overview.regressions().isEmpty()) {
			pdf.room(18);
			pdf.down(16);
			pdf.text(0, overview.noRegressions(), 10, PdfCanvas.TEXT, false);
			return;
		}
		for (Overview.Mover mover : overview.regressions()) {
			pdf.room(18);
			pdf.down(16);
			String line = mover.applicationName() + ": " + mover.figure() + " "
					+ FigureText.value(mover.change().previous(), mover.kind()) + " \u2192 "
					+ FigureText.value(mover.change().current(), mover.kind());
			String percent = FigureText.moved(mover.change(), mover.kind());
			String fitted = pdf.fit(line, 10, PdfCanvas.WIDTH - 70);
			pdf.text(0, fitted, 10, PdfCanvas.TEXT, false);
			pdf.text(pdf.width(fitted, 10) + 6, FigureText.arrow(mover.change(), mover.kind()) + " " + percent, 10,
					colour(mover.better(), mover.change(), mover.kind()), true);
			PdfCourse.regression(pdf, mover);
		}
	}

	private void busiest(PdfCanvas pdf) throws IOException {
		if (overview.busiest().isEmpty()) {
			return;
		}
		heading(pdf, overview.busiest().size() == 1 ? "The busiest application"
				: "The " + overview.busiest().size() + " busiest applications");
		columnTitles(pdf, BUSY_COLUMNS, overview.busiestHave(Overview.Busy::apdexScore) ? "Apdex" : "",
				"Web throughput (rpm)", "Response time (ms)");
		for (Overview.Busy busy : overview.busiest()) {
			pdf.room(30);
			pdf.down(16);
			String name = "no_data".equals(busy.status()) ? busy.applicationName() + " (no data)"
					: busy.applicationName();
			String shown = pdf.fit(name, 10, BUSY_COLUMNS[1] - 8);
			pdf.text(0, shown, 10, PdfCanvas.TEXT, false);
			if (busy.link() != null) {
				pdf.link(0, shown, 10, busy.link());
			}
			busyFigure(pdf, 1, busy.apdexScore(), Kind.SCORE);
			busyFigure(pdf, 2, busy.throughputRpm(), Kind.RATE);
			busyFigure(pdf, 3, busy.responseTimeMs(), Kind.MILLISECONDS);
			pdf.down(11);
			busyChange(pdf, 1, busy.apdexScore(), Kind.SCORE, Overview.Better.HIGHER);
			busyChange(pdf, 2, busy.throughputRpm(), Kind.RATE, Overview.Better.NEITHER);
			busyChange(pdf, 3, busy.responseTimeMs(), Kind.MILLISECONDS, Overview.Better.LOWER);
			if (busy.account() != null) {
				// two applications of one name are told apart by their account
				pdf.text(0, pdf.fit(busy.account(), 8, BUSY_COLUMNS[1] - 8), 8, PdfCanvas.GREY, false);
			}
		}
	}

	private static void busyFigure(PdfCanvas pdf, int column, Change change, Kind kind) throws IOException {
		pdf.text(BUSY_COLUMNS[column], FigureText.value(change.current(), kind), 10, PdfCanvas.TEXT, false);
	}

	private void busyChange(PdfCanvas pdf, int column, Change change, Kind kind, Overview.Better better)
			throws IOException {
		pdf.text(BUSY_COLUMNS[column], FigureText.shown(change, kind), 8, colour(better, change, kind), false);
	}

	/** Every name, over as many lines as they take: nobody may miss one. */
	private static void names(PdfCanvas pdf, String label, List<String> names) throws IOException {
		if (names.isEmpty()) {
			return;
		}
		pdf.room(24);
		pdf.down(22);
		StringBuilder line = new StringBuilder(label).append(": ");
		for (int i = 0; i < names.size(); i++) {
			String name = names.get(i) + (i < names.size() - 1 ? "," : "");
			if (line.length() > label.length() + 2 && pdf.width(line + name, 10) > PdfCanvas.WIDTH) {
				pdf.text(0, line.toString().stripTrailing(), 10, PdfCanvas.TEXT, false);
				pdf.room(16);
				pdf.down(14);
				line.setLength(0);
				line.append("  ");
			}
			line.append(name).append(' ');
		}
		pdf.text(0, pdf.fit(line.toString().stripTrailing(), 10, PdfCanvas.WIDTH), 10, PdfCanvas.TEXT, false);
	}

	/** A sentence over as many lines of the page's width as it takes. */
	private static void wrapped(PdfCanvas pdf, String text, float size, Color colour) throws IOException {
		StringBuilder line = new StringBuilder();
		for (String word : text.split(" ")) {
			if (!line.isEmpty() && pdf.width(line + word, size) > PdfCanvas.WIDTH) {
				pdf.down(size + 4);
				pdf.text(0, line.toString().stripTrailing(), size, colour, false);
				line.setLength(0);
			}
			line.append(word).append(' ');
		}
		pdf.down(size + 4);
		pdf.text(0, pdf.fit(line.toString().stripTrailing(), size, PdfCanvas.WIDTH), size, colour, false);
	}

	static void heading(PdfCanvas pdf, String title) throws IOException {
		pdf.room(60);
		pdf.down(30);
		pdf.text(0, title, 13, PdfCanvas.TEXT, true);
		pdf.rule(PdfCanvas.TEXT, 1);
		pdf.down(4);
	}

	private static void columnTitles(PdfCanvas pdf, float[] columns, String... titles) throws IOException {
		pdf.down(14);
		for (int i = 0; i < titles.length; i++) {
			if (columns == HEADLINE_COLUMNS) {
				pdf.textRight(i == titles.length - 1 ? columns[i + 1] : columns[i + 1] + 60, titles[i], 8,
						PdfCanvas.GREY);
			}
			else {
				pdf.text(columns[i + 1], titles[i], 8, PdfCanvas.GREY, false);
			}
		}
	}

	private Color colour(Overview.Better better, Change change, Kind kind) {
		return switch (FigureText.verdict(better, change, kind, overview.thresholds())) {
			case BETTER -> PdfCanvas.GREEN;
			case WORSE -> PdfCanvas.RED;
			case NEUTRAL -> PdfCanvas.GREY;
		};
	}

	/**
	 * When the file was written, in the report's time zone and saying which: a time
	 * without its zone is read in the reader's own.
	 */
	static String generated(ReportHeader header) {
		return "Generated " + header.generatedAt().atZoneSameInstant(header.timeZone()).format(GENERATED) + " "
				+ header.timeZone().getId();
	}

	static String counts(Overview overview) {
		return overview.applications() + (overview.applications() == 1 ? " application, " : " applications, ")
				+ overview.failed() + " failed" + (overview.gone() > 0 ? ", " + overview.gone() + " gone" : "") + ".";
	}

}
