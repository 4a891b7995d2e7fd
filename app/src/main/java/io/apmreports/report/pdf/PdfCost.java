package io.apmreports.report.pdf;

import java.io.IOException;
import java.math.BigDecimal;

import io.apmreports.formula.CostMovers;
import io.apmreports.formula.Kind;
import io.apmreports.report.CostHeadline;
import io.apmreports.report.CostReport;
import io.apmreports.report.FigureText;

/**
 * A cost report's part of the PDF: the bill (each headline figure with its cost where
 * priced), how much of the month was measured, the movers in words, and the team table
 * with its subtotals and the total.
 */
final class PdfCost {

	/** Team, account, application, item; quantity, share and cost right-aligned. */
	private static final float[] TEAM_COLUMNS = { 0, 80, 150, 255, 395, 445, 515 };

	private PdfCost() {
	}

	static void headline(PdfCanvas pdf, CostHeadline headline) throws IOException {
		PdfReportWriter.heading(pdf, "The bill of " + headline.month());
		for (CostHeadline.Figure figure : headline.figures()) {
			pdf.room(18);
			pdf.down(16);
			pdf.text(0, pdf.fit(figure.name(), 10, 250), 10, PdfCanvas.TEXT, figure.name().equals("Total"));
			if (figure.quantity() != null) {
				pdf.textRight(340, quantity(figure.quantity()) + " " + figure.unit(), 10, PdfCanvas.TEXT);
			}
			if (figure.cost() != null) {
				pdf.textRight(PdfCanvas.WIDTH, CostMovers.money(figure.cost(), headline.currency(), false), 10,
						PdfCanvas.TEXT);
			}
		}
		if (headline.currency() == null) {
			note(pdf, "No prices are given in the definition: quantities alone, no cost.");
		}
		for (String note : headline.notes()) {
			note(pdf, note);
		}
		PdfReportWriter.heading(pdf, "The biggest movers against the previous month");
		if (headline.movers().isEmpty()) {
			note(pdf, headline.moversNote());
		}
		for (String mover : headline.movers()) {
			pdf.room(18);
			pdf.down(16);
			pdf.text(0, pdf.fit(mover, 10, PdfCanvas.WIDTH), 10, PdfCanvas.TEXT, false);
		}
	}

	static void teams(PdfCanvas pdf, CostReport report) throws IOException {
		PdfReportWriter.heading(pdf, "Cost by " + (report.groupBy() == null ? "team" : report.groupBy()));
		pdf.down(14);
		String[] titles = { "Team", "Account", "Application", "Item", "Quantity", "Share",
				report.priced() ? "Cost (" + report.currency() + ")" : "" };
		for (int i = 0; i < titles.length; i++) {
			if (i < 4) {
				pdf.text(TEAM_COLUMNS[i], titles[i], 8, PdfCanvas.GREY, false);
			}
			else {
				pdf.textRight(TEAM_COLUMNS[i], titles[i], 8, PdfCanvas.GREY);
			}
		}
		for (CostReport.Line line : report.lines()) {
			boolean bold = line.level() != CostReport.Level.ITEM;
			pdf.room(14);
			pdf.down(bold ? 14 : 12);
			cell(pdf, 0, line.team(), bold);
			cell(pdf, 1, line.accountName(), false);
			cell(pdf, 2, line.application(), false);
			cell(pdf, 3, line.item(), bold);
			pdf.textRight(TEAM_COLUMNS[4], quantity(line.quantity()) + " " + line.unit(), 8, PdfCanvas.TEXT);
			if (line.share() != null) {
				pdf.textRight(TEAM_COLUMNS[5], FigureText.value(line.share().doubleValue(), Kind.FRACTION), 8,
						PdfCanvas.GREY);
			}
			if (line.cost() != null) {
				pdf.textRight(TEAM_COLUMNS[6], CostMovers.money(line.cost(), report.currency(), false), 8,
						PdfCanvas.TEXT);
			}
		}
	}

	private static void cell(PdfCanvas pdf, int column, String text, boolean bold) throws IOException {
		if (text != null) {
			float width = TEAM_COLUMNS[column + 1] - TEAM_COLUMNS[column] - 6;
			pdf.text(TEAM_COLUMNS[column], pdf.fit(text, 8, width), 8, PdfCanvas.TEXT, bold);
		}
	}

	/** A note over as many lines as it takes: why an account was not measured is long. */
	private static void note(PdfCanvas pdf, String text) throws IOException {
		StringBuilder line = new StringBuilder();
		for (String word : text.split(" ")) {
			if (!line.isEmpty() && pdf.width(line + word, 8) > PdfCanvas.WIDTH) {
				noteLine(pdf, line.toString().stripTrailing());
				line.setLength(0);
				line.append("  ");
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

	/** Gigabytes, users and compute units to three places at most, grouped. */
	static String quantity(BigDecimal value) {
		return FigureText.number(value.doubleValue(), value.stripTrailingZeros().scale() <= 0 ? 0 : 1);
	}

}
