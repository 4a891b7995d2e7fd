package io.apmreports.report.xlsx;

import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;

import io.apmreports.formula.Kind;
import io.apmreports.report.CostHeadline;

/**
 * A cost report's part of the Overview: the month's bill (the gigabytes, the free
 * allowance, what is billed, users, compute, each with its cost where priced), how much
 * of the month was measured, and the teams that moved most, in words.
 */
final class CostOverview {

	private final Sheet sheet;

	private final WorkbookStyles styles;

	private final OverviewStyles look;

	private int next;

	private CostOverview(Sheet sheet, WorkbookStyles styles, OverviewStyles look, int next) {
		this.sheet = sheet;
		this.styles = styles;
		this.look = look;
		this.next = next;
	}

	/** Writes the cost headline from row {@code next}; answers the row after it. */
	static int write(Sheet sheet, int next, CostHeadline headline, WorkbookStyles styles, OverviewStyles look) {
		CostOverview overview = new CostOverview(sheet, styles, look, next);
		overview.bill(headline);
		overview.movers(headline);
		return overview.next;
	}

	private void bill(CostHeadline headline) {
		look.section(row(), "The bill of " + headline.month());
		Row headings = row();
		look.columnHeading(headings, 0, "", false);
		look.columnHeading(headings, 1, "Quantity", true);
		look.columnHeading(headings, 2, "Unit", false);
		if (headline.currency() != null) {
			look.columnHeading(headings, 3, "Cost (" + headline.currency() + ")", true);
		}
		for (CostHeadline.Figure figure : headline.figures()) {
			Row row = row();
			styles.heading(row, 0, figure.name());
			styles.number(row, 1, figure.quantity() == null ? null : figure.quantity().doubleValue(), Kind.NUMBER);
			// as a table's text: set in and top-aligned beside the figure
			styles.value(row, 2, figure.unit(), Kind.TEXT, null);
			if (headline.currency() != null) {
				styles.number(row, 3, figure.cost() == null ? null : figure.cost().doubleValue(), Kind.NUMBER);
			}
		}
		if (headline.currency() == null) {
			note("No prices are given in the definition: quantities alone, no cost.");
		}
		headline.notes().forEach(this::note);
		next++;
	}

	private void movers(CostHeadline headline) {
		look.section(row(), "The biggest movers against the previous month");
		if (headline.movers().isEmpty()) {
			note(headline.moversNote());
		}
		headline.movers().forEach(this::note);
		next++;
	}

	private void note(String text) {
		look.note(row(), text);
	}

	private Row row() {
		return sheet.createRow(next++);
	}

}
