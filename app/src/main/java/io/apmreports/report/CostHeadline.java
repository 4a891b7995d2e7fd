package io.apmreports.report;

import java.math.BigDecimal;
import java.util.List;

/**
 * What a cost report says first, in the workbook's Overview, the PDF, the e-mail and the
 * chat alike: the month's gigabytes, the free allowance, what is billed, the users and
 * compute, their costs where priced; how much of the month was measured; and the teams
 * that moved most, in words.
 *
 * @param month the billing month in words ("November 2026")
 * @param currency the prices' currency, or {@code null} without prices
 * @param figures the headline figures in order, the total last where priced
 * @param notes how much was measured, and the vendor's own billable figure
 * @param movers the teams that changed most against the previous month, in words; none
 * where the previous month is unknown
 * @param moversNote what is said in place of the movers when there are none
 */
public record CostHeadline(String month, String currency, List<Figure> figures, List<String> notes, List<String> movers,
		String moversNote) {

	public CostHeadline {
		figures = List.copyOf(figures);
		notes = List.copyOf(notes);
		movers = List.copyOf(movers);
	}

	/**
	 * One headline figure.
	 *
	 * @param name what it is ("Ingest", "Free allowance", "Billable ingest",
	 * "Full-platform users", "Total")
	 * @param quantity how much, or {@code null} for the total's cost alone
	 * @param unit {@code GB}, {@code users}, {@code CCU}, or {@code null}
	 * @param cost its cost, or {@code null} without a price
	 */
	public record Figure(String name, BigDecimal quantity, String unit, BigDecimal cost) {
	}

}
