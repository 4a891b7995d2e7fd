package io.apmreports.report;

import java.math.BigDecimal;
import java.time.YearMonth;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.apmreports.definition.CostSettings;
import io.apmreports.formula.CostAllocation;
import io.apmreports.formula.CostMovers;
import io.apmreports.formula.Money;
import io.apmreports.source.BilledMonth;
import io.apmreports.staging.CostAccount;
import io.apmreports.staging.CostMonth;
import io.apmreports.staging.CostRow;

/**
 * Builds a cost report's month from what the run staged: the team table, the accounts,
 * the months looked back over, and the headline with the movers in words.
 */
final class CostReportBuilder {

	/** How many teams the Overview names as movers. */
	static final int MOVERS = 3;

	private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("MMMM uuuu", Locale.ENGLISH);

	private CostReportBuilder() {
	}

	/**
	 * @param region the region whose price of a gigabyte applies ({@code us}, {@code eu})
	 */
	static CostReport build(YearMonth month, CostSettings settings, String groupBy, String region, List<CostRow> rows,
			List<CostAccount> accounts, BilledMonth billed, List<CostMonth> months) {
		CostPrices prices = CostPrices.of(settings.prices(), region, billed);
		Map<Long, String> names = new LinkedHashMap<>();
		accounts.forEach(account -> names.put(account.accountId(), account.accountName()));
		CostLines table = CostLines.of(rows, groupBy, settings.users(), billed, prices,
				id -> names.getOrDefault(id, String.valueOf(id)));
		List<CostReport.AccountLine> accountLines = accountLines(accounts, rows, prices);
		billedLines(table, accountLines, prices);
		Map<String, BigDecimal> accountsNow = new LinkedHashMap<>();
		accountLines.stream()
			.filter(line -> line.accountId() != null)
			.forEach(line -> accountsNow.put(names.get(line.accountId()), line.billed()));
		CostHistory history = CostMonths.of(month, months, groupBy, table.teamGigabytes(), accountsNow, names);
		List<CostMovers.Mover> movers = CostMovers.rank(table.teamGigabytes(), CostMonths.previous(history),
				prices.perGigabyte(), MOVERS);
		String moversNote = CostMonths.previous(history) == null
				? "Not compared: the previous month's split by team is not known."
				: movers.isEmpty() ? "No team's ingest changed against the previous month." : null;
		CostHeadline headline = new CostHeadline(MONTH.format(month), prices.currency(), table.figures(),
				notes(accounts, billed, table), CostMovers.words(movers, prices.currency()), moversNote);
		return new CostReport(month, groupBy, prices.currency(), table.lines(), accountLines, history, headline);
	}

	/** Each account's billed, allocated and unallocated gigabytes, then the total. */
	private static List<CostReport.AccountLine> accountLines(List<CostAccount> accounts, List<CostRow> rows,
			CostPrices prices) {
		List<CostReport.AccountLine> lines = new ArrayList<>();
		BigDecimal[] totals = { BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO };
		for (CostAccount account : accounts) {
			BigDecimal allocated = BigDecimal.ZERO;
			BigDecimal unallocated = BigDecimal.ZERO;
			for (CostRow row : rows) {
				if (row.accountId() == account.accountId()) {
					if (row.unallocated()) {
						unallocated = unallocated.add(Money.decimal(row.gigabytes()));
					}
					else {
						allocated = allocated.add(Money.decimal(row.gigabytes()));
					}
				}
			}
			BigDecimal billed = Money.decimal(account.billedGigabytes());
			String name = account.usageAccount() && accounts.size() > 1
					? account.accountName() + " (parent, own ingest)" : account.accountName();
			lines.add(new CostReport.AccountLine(account.accountId(), name, billed, allocated, unallocated,
					measured(account), prices.gigabytes(billed)));
			totals[0] = totals[0].add(billed);
			totals[1] = totals[1].add(allocated);
			totals[2] = totals[2].add(unallocated);
		}
		lines.add(new CostReport.AccountLine(null, "Total", totals[0], totals[1], totals[2], null,
				prices.gigabytes(totals[0])));
		return lines;
	}

	/**
	 * Under the accounts' total, the free allowance and what is billed, so that the
	 * account table ends with the bill as the team table does.
	 */
	private static void billedLines(CostLines table, List<CostReport.AccountLine> lines, CostPrices prices) {
		// without an allowance known, the total is what is billed
		table.lines()
			.stream()
			.filter(line -> line.level() == CostReport.Level.ITEM && "free allowance".equals(line.item()))
			.findFirst()
			.ifPresent(free -> {
				lines.add(new CostReport.AccountLine(null, "Free allowance", free.quantity(), null, null, null,
						free.cost()));
				BigDecimal billable = table.total().add(free.quantity());
				lines.add(new CostReport.AccountLine(null, "Billed", billable, null, null, null,
						prices.gigabytes(billable)));
			});
	}

	/** How much of the month an account's split was measured over, in words. */
	static String measured(CostAccount account) {
		if (account.notMeasured() != null) {
			return "not measured, " + account.notMeasured() + "; its ingest is unallocated";
		}
		if (account.extrapolated()) {
			return CostAllocation.measuredNote(account.daysMeasured(), account.daysInMonth())
					+ "; shares of those days applied to the whole month";
		}
		return "measured all " + account.daysInMonth() + " days";
	}

	/**
	 * What the Overview says under the figures: how much of the month each account was
	 * measured, and the vendor's own billable figure beside the report's.
	 */
	private static List<String> notes(List<CostAccount> accounts, BilledMonth billed, CostLines table) {
		List<String> notes = new ArrayList<>();
		boolean partly = false;
		for (CostAccount account : accounts) {
			if (account.extrapolated() || account.notMeasured() != null) {
				notes.add(account.accountName() + ": " + measured(account) + ".");
				partly = true;
			}
		}
		if (!partly && !accounts.isEmpty()) {
			notes.add("Every account's split was measured on all " + accounts.get(0).daysInMonth()
					+ " days of the month.");
		}
		if (table.lines().stream().anyMatch(line -> "free allowance".equals(line.item()))) {
			notes.add("Billable ingest is the month's GB rounded down to a whole GB, less the free allowance, "
					+ "as the vendor bills it.");
		}
		if (billed.billableGigabytes() != null) {
			notes.add("The vendor's month-to-date usage says "
					+ CostMovers.gigabytes(Money.decimal(billed.billableGigabytes())) + " billable.");
		}
		return notes;
	}

}
