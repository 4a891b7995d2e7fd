package io.apmreports.report.pdf;

import java.awt.Color;
import java.io.IOException;

import io.apmreports.formula.Kind;
import io.apmreports.report.BudgetColour;
import io.apmreports.report.FigureText;
import io.apmreports.report.ServiceLevelHeadline;
import io.apmreports.report.ServiceLevelReport;
import io.apmreports.report.ServiceLevelText;

/**
 * A service-level report's part of the PDF: the levels in sentences, the worst budget
 * first, each behind its budget's colour; the month's table; the 12 months by level; and
 * the SLA figures of the applications without levels, month by month.
 */
final class PdfServiceLevels {

	/** The vendor's yellow, dark enough to read on white. */
	static final Color YELLOW = new Color(0x9A, 0x67, 0x00);

	/**
	 * Where each column of the month's table starts, or ends where it is right-aligned:
	 * team, application, level; target and attainment; the budget.
	 */
	private static final float[] LEVEL_COLUMNS = { 0, 70, 170, 335, 390, 400 };

	private static final boolean[] LEVEL_RIGHT = { false, false, false, true, true, false };

	/** Where a headline's sentence starts, beside its colour. */
	private static final float SENTENCE = 42;

	/** The level's column, then twelve months. */
	private static final float NAME_WIDTH = 107;

	/** Application, month; requests to error rate right-aligned; where from. */
	private static final float[] SLA_COLUMNS = { 0, 120, 235, 270, 310, 350, 390, 430, 440 };

	private static final boolean[] SLA_RIGHT = { false, false, true, true, true, true, true, true, false };

	private PdfServiceLevels() {
	}

	static void headline(PdfCanvas pdf, ServiceLevelHeadline headline) throws IOException {
		PdfReportWriter.heading(pdf, headline.title());
		for (ServiceLevelHeadline.Worst worst : headline.worst()) {
			pdf.room(18);
			pdf.down(16);
			if (worst.colour() != null) {
				pdf.text(0, worst.colour().word(), 9, colour(worst.colour()), true);
			}
			wrapped(pdf, worst.text());
		}
		for (String note : headline.notes()) {
			note(pdf, note);
		}
	}

	static void tables(PdfCanvas pdf, ServiceLevelReport report) throws IOException {
		if (!report.levels().isEmpty()) {
			month(pdf, report);
			months(pdf, report);
		}
		sla(pdf, report);
	}

	private static void month(PdfCanvas pdf, ServiceLevelReport report) throws IOException {
		PdfReportWriter.heading(pdf, "Each service level in " + ServiceLevelText.month(report.month()));
		pdf.down(14);
		titles(pdf, LEVEL_COLUMNS, LEVEL_RIGHT, report.groupTitle(), "Application", "Service level", "Target",
				"Attainment", "Budget");
		for (ServiceLevelReport.Level level : report.levels()) {
			ServiceLevelReport.Month month = level.current();
			pdf.room(14);
			pdf.down(12);
			cell(pdf, 0, level.team(), 64);
			cell(pdf, 70, level.applicationName(), 94);
			cell(pdf, 170, level.name(), 125);
			pdf.textRight(LEVEL_COLUMNS[3], ServiceLevelText.target(level.targetPct()), 8, PdfCanvas.TEXT);
			if (month != null) {
				pdf.textRight(LEVEL_COLUMNS[4], ServiceLevelText.attainment(month.attainmentPct(), level.targetPct()),
						8, PdfCanvas.TEXT);
				pdf.text(LEVEL_COLUMNS[5], pdf.fit(month.budgetWords(), 8, PdfCanvas.WIDTH - LEVEL_COLUMNS[5]), 8,
						colour(month.colour()), month.colour() == BudgetColour.RED);
			}
		}
	}

	/**
	 * Attainment by month, each in its budget's colour; "before" where it did not exist.
	 */
	private static void months(PdfCanvas pdf, ServiceLevelReport report) throws IOException {
		PdfReportWriter.heading(pdf, "The last 12 months: attainment (%)");
		float step = (PdfCanvas.WIDTH - NAME_WIDTH) / report.months().size();
		pdf.down(14);
		pdf.text(0, "Service level", 7, PdfCanvas.GREY, false);
		for (int i = 0; i < report.months().size(); i++) {
			pdf.textRight(NAME_WIDTH + (i + 1) * step, ServiceLevelText.shortMonth(report.months().get(i)), 7,
					PdfCanvas.GREY);
		}
		for (ServiceLevelReport.Level level : report.levels()) {
			pdf.room(14);
			pdf.down(12);
			pdf.text(0, pdf.fit(level.name(), 7, NAME_WIDTH - 4), 7, PdfCanvas.TEXT, false);
			for (int i = 0; i < level.months().size(); i++) {
				ServiceLevelReport.Month month = level.months().get(i);
				String text = month.beforeCreation() ? "before"
						: ServiceLevelText.attainment(month.attainmentPct(), level.targetPct()).replace(" %", "")
								+ (month.partial() ? "*" : "");
				pdf.textRight(NAME_WIDTH + (i + 1) * step, text, 7,
						month.beforeCreation() ? PdfCanvas.GREY : colour(month.colour()));
			}
		}
		note(pdf, "\"before\": the month ended " + ServiceLevelText.beforeCreation() + "; * a partial month, the SLI "
				+ "created during it. Green: more than 25 % of the budget left, yellow: 25 % or less, red: spent.");
	}

	/** The months with figures of each application without levels. */
	private static void sla(PdfCanvas pdf, ServiceLevelReport report) throws IOException {
		if (report.sla().isEmpty()) {
			return;
		}
		PdfReportWriter.heading(pdf, report.levelsRead() ? "SLA figures of the applications without service levels"
				: "SLA figures of every application");
		pdf.down(14);
		titles(pdf, SLA_COLUMNS, SLA_RIGHT, "Application", "Month", "Requests", "Apdex", "Satisfied", "Tolerating",
				"Frustrated", "Error rate", "From");
		for (ServiceLevelReport.SlaApplication application : report.sla()) {
			boolean first = true;
			for (ServiceLevelReport.SlaMonth month : application.months()) {
				if (month.origin() == null) {
					continue;
				}
				pdf.room(14);
				pdf.down(12);
				if (first) {
					cell(pdf, 0, application.applicationName(), 114);
					first = false;
				}
				pdf.text(SLA_COLUMNS[1], ServiceLevelText.shortMonth(month.month()), 8, PdfCanvas.TEXT, false);
				right(pdf, SLA_COLUMNS[2], FigureText.value(month.requests(), Kind.INTEGER));
				right(pdf, SLA_COLUMNS[3], FigureText.value(month.apdexScore(), Kind.SCORE));
				right(pdf, SLA_COLUMNS[4], FigureText.value(month.satisfied(), Kind.FRACTION));
				right(pdf, SLA_COLUMNS[5], FigureText.value(month.tolerating(), Kind.FRACTION));
				right(pdf, SLA_COLUMNS[6], FigureText.value(month.frustrated(), Kind.FRACTION));
				right(pdf, SLA_COLUMNS[7], FigureText.value(month.errorRate(), Kind.FRACTION));
				pdf.text(SLA_COLUMNS[8], pdf.fit(month.origin(), 7, PdfCanvas.WIDTH - SLA_COLUMNS[8]), 7,
						PdfCanvas.GREY, false);
			}
		}
		note(pdf, "Months without figures are left out; the workbook and sla.csv list every month.");
	}

	/** Column titles, each aligned as its column's values are. */
	private static void titles(PdfCanvas pdf, float[] columns, boolean[] right, String... titles) throws IOException {
		for (int i = 0; i < titles.length; i++) {
			if (right[i]) {
				pdf.textRight(columns[i], titles[i], 8, PdfCanvas.GREY);
			}
			else {
				pdf.text(columns[i], titles[i], 8, PdfCanvas.GREY, false);
			}
		}
	}

	private static void right(PdfCanvas pdf, float x, String text) throws IOException {
		pdf.textRight(x, text, 8, PdfCanvas.TEXT);
	}

	private static void cell(PdfCanvas pdf, float x, String text, float width) throws IOException {
		if (text != null) {
			pdf.text(x, pdf.fit(text, 8, width), 8, PdfCanvas.TEXT, false);
		}
	}

	private static Color colour(BudgetColour colour) {
		if (colour == null) {
			return PdfCanvas.TEXT;
		}
		return switch (colour) {
			case RED -> PdfCanvas.RED;
			case YELLOW -> YELLOW;
			case GREEN -> PdfCanvas.GREEN;
		};
	}

	/** A sentence beside its colour, over as many lines as it takes. */
	private static void wrapped(PdfCanvas pdf, String text) throws IOException {
		float width = PdfCanvas.WIDTH - SENTENCE;
		StringBuilder line = new StringBuilder();
		for (String word : text.split(" ")) {
			if (!line.isEmpty() && pdf.width(line + word, 9) > width) {
				pdf.text(SENTENCE, line.toString().stripTrailing(), 9, PdfCanvas.TEXT, false);
				pdf.room(14);
				pdf.down(12);
				line.setLength(0);
			}
			line.append(word).append(' ');
		}
		pdf.text(SENTENCE, pdf.fit(line.toString().stripTrailing(), 9, width), 9, PdfCanvas.TEXT, false);
	}

	private static void note(PdfCanvas pdf, String text) throws IOException {
		StringBuilder line = new StringBuilder();
		for (String word : text.split(" ")) {
			if (!line.isEmpty() && pdf.width(line + word, 8) > PdfCanvas.WIDTH) {
				noteLine(pdf, line.toString().stripTrailing());
				line.setLength(0);
			}
			line.append(word).append(' ');
		}
		noteLine(pdf, line.toString().stripTrailing());
	}

	private static void noteLine(PdfCanvas pdf, String text) throws IOException {
		pdf.room(14);
		pdf.down(13);
		pdf.text(0, pdf.fit(text, 8, PdfCanvas.WIDTH), 8, PdfCanvas.GREY, false);
	}

}
