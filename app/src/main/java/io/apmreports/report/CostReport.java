package io.apmreports.report;

import java.math.BigDecimal;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;

/**
 * A cost report's month as finance reads it: each team's lines with its subtotal, what no
 * application carries, the organisation's lines (the free allowance, users, compute) and
 * the grand total, which is the bill; each account's billed, allocated and unallocated
 * gigabytes; and the months looked back over. Costs are present only where the definition
 * gives prices: never a cost of 0 in place of one unknown.
 *
 * @param month the billing month (UTC)
 * @param groupBy the tag the teams are, such as {@code team}
 * @param currency the prices' currency, or {@code null} for a report of quantities
 * @param lines the team table's lines in order: each team's, its subtotal, the
 * unallocated, the organisation's, the total
 * @param accounts each account billed, the asked account (the parent) first, then the
 * total
 * @param history the months, by team and by account
 * @param headline what the Overview, the e-mail and the chat show of it
 */
public record CostReport(YearMonth month, String groupBy, String currency, List<Line> lines, List<AccountLine> accounts,
		CostHistory history, CostHeadline headline) {

	/** The unit of a line of gigabytes ingested. */
	static final String GB = "GB";

	public CostReport {
		lines = List.copyOf(lines);
		accounts = List.copyOf(accounts);
	}

	/** Whether the report has prices, and so a cost column. */
	public boolean priced() {
		return currency != null;
	}

	/** The lines a pivot adds up: every line but subtotals and the total. */
	public List<Line> items() {
		List<Line> items = new ArrayList<>();
		for (Line line : lines) {
			if (line.level() == Level.ITEM) {
				items.add(line);
			}
		}
		return items;
	}

	/** What a line of the team table adds up. */
	public enum Level {

		/** One quantity: an application's usage metric, users, compute, the allowance. */
		ITEM,

		/** A team's lines. */
		SUBTOTAL,

		/** Every line: the bill. */
		TOTAL

	}

	/**
	 * One line of the team table.
	 *
	 * @param level what it adds up
	 * @param team the team ("checkout", "(no team tag)", "(unallocated)"), or
	 * {@code null} for the organisation's lines and the total
	 * @param accountId the consuming account, or {@code null} for an organisation's line
	 * @param accountName its name
	 * @param application the application, or {@code null}
	 * @param item the usage metric, or what the organisation pays for ("full-platform
	 * users", "core compute units", "free allowance"), or the subtotal's words
	 * @param quantity how much of it
	 * @param unit {@code GB}, {@code users} or {@code CCU}
	 * @param share for gigabytes, the share of the month's gigabytes; else {@code null}
	 * @param estimate for an application's gigabytes, its byte estimate of the days
	 * measured made one of the whole month (x days in month / days measured), in
	 * gigabytes; else {@code null}
	 * @param cost the quantity times its price, or {@code null} without a price
	 */
	public record Line(Level level, String team, Long accountId, String accountName, String application, String item,
			BigDecimal quantity, String unit, BigDecimal share, BigDecimal estimate, BigDecimal cost) {
	}

	/**
	 * One account of the bill.
	 *
	 * @param accountId the account, or {@code null} for the total
	 * @param accountName its name, the parent's marked as its own ingest ("Total" for the
	 * total)
	 * @param billed its own gigabytes of the month
	 * @param allocated the gigabytes allocated to its applications
	 * @param unallocated the gigabytes no application carries
	 * @param measured how much of the month its split was measured over, in words
	 * @param cost its gigabytes at the price of one, or {@code null} without a price
	 */
	public record AccountLine(Long accountId, String accountName, BigDecimal billed, BigDecimal allocated,
			BigDecimal unallocated, String measured, BigDecimal cost) {
	}

}
