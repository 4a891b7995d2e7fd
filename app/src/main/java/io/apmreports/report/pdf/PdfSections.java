package io.apmreports.report.pdf;

import java.io.IOException;
import java.util.List;
import java.util.Locale;

import io.apmreports.formula.Kind;
import io.apmreports.report.Attention;
import io.apmreports.report.Columns;
import io.apmreports.report.FigureText;
import io.apmreports.report.Overview;
import io.apmreports.report.UsageBreakdown;

/**
 * The PDF's sections of what needs a look and of usage: the applications the workbook's
 * Summary sheet marks, in its colours, and the usage by team with each account's total.
 */
final class PdfSections {

	private static final float[] USAGE_COLUMNS = { 0, 330, 420, 515 };

	private PdfSections() {
	}

	/** Each application that needs a look, its colour named, with why. */
	static void attention(PdfCanvas pdf, Overview overview) throws IOException {
		List<Attention> all = overview.attention();
		if (all.isEmpty()) {
			return;
		}
		PdfReportWriter.heading(pdf,
				all.size() == 1 ? "1 application needs a look" : all.size() + " applications need a look");
		for (Attention attention : all) {
			pdf.room(18);
			pdf.down(16);
			String severity = attention.severity().name().toLowerCase(Locale.ROOT);
			String name = pdf.fit(
					attention.applicationName() + (attention.account() == null ? "" : " (" + attention.account() + ")"),
					10, 320);
			pdf.text(0, severity, 10, attention.severity() == Attention.Severity.RED ? PdfCanvas.RED : PdfCanvas.ORANGE,
					true);
			pdf.text(45, name, 10, PdfCanvas.TEXT, false);
			pdf.text(pdf.width(name, 10) + 51,
					pdf.fit(String.join(", ", attention.reasons()), 10, PdfCanvas.WIDTH - pdf.width(name, 10) - 51), 10,
					PdfCanvas.GREY, false);
		}
	}

	/** The usage by team: each account's groups under its name, its total, the total. */
	static void usage(PdfCanvas pdf, Overview overview) throws IOException {
		UsageBreakdown usage = overview.usage();
		if (usage.isEmpty()) {
			return;
		}
		PdfReportWriter.heading(pdf, usage.title());
		pdf.down(14);
		pdf.text(0, usage.groupBy() == null ? "Account" : Columns.groupTitle(usage.groupBy()), 8, PdfCanvas.GREY,
				false);
		pdf.textRight(USAGE_COLUMNS[1], "Applications", 8, PdfCanvas.GREY);
		pdf.textRight(USAGE_COLUMNS[2], "Calls", 8, PdfCanvas.GREY);
		pdf.textRight(USAGE_COLUMNS[3], "Share of calls", 8, PdfCanvas.GREY);
		String account = null;
		for (UsageBreakdown.Line line : usage.lines()) {
			if (usage.groupBy() != null && line.level() == UsageBreakdown.Level.GROUP && line.account() != null
					&& !line.account().equals(account)) {
				account = line.account();
				pdf.room(20);
				pdf.down(18);
				pdf.text(0, pdf.fit(account, 10, PdfCanvas.WIDTH), 10, PdfCanvas.TEXT, true);
			}
			boolean bold = line.level() != UsageBreakdown.Level.GROUP;
			pdf.room(18);
			pdf.down(16);
			float indent = line.level() == UsageBreakdown.Level.GROUP && account != null ? 12 : 0;
			pdf.text(indent, pdf.fit(line.label(), 10, USAGE_COLUMNS[1] - 80 - indent), 10, PdfCanvas.TEXT, bold);
			pdf.textRight(USAGE_COLUMNS[1], FigureText.value((double) line.applications(), Kind.INTEGER), 10,
					PdfCanvas.TEXT);
			pdf.textRight(USAGE_COLUMNS[2], FigureText.value(line.calls(), Kind.INTEGER), 10, PdfCanvas.TEXT);
			pdf.textRight(USAGE_COLUMNS[3], FigureText.value(line.shareOfCalls(), Kind.FRACTION), 10, PdfCanvas.TEXT);
		}
	}

}
