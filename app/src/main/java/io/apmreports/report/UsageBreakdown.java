package io.apmreports.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * What a usage report is about, as the e-mail and chat show it: each group's (team's)
 * applications, calls and share of calls, over several accounts by account with each
 * account's total, and the grand total. Shares are of all the report's calls, so that a
 * bill for every account the report reads splits by them, and they add up to each
 * account's share and to 100%.
 *
 * @param groupBy the grouping tag, or {@code null} for a breakdown by account alone
 * @param lines the lines in the order they are read
 */
public record UsageBreakdown(String groupBy, List<Line> lines) {

	/** No breakdown: the report has no usage, or one account and no grouping tag. */
	public static final UsageBreakdown NONE = new UsageBreakdown(null, List.of());

	public UsageBreakdown {
		lines = List.copyOf(lines);
	}

	/** What a line adds up. */
	public enum Level {

		/** One account's group. */
		GROUP,

		/** One account's applications. */
		ACCOUNT,

		/** Every application of the report. */
		TOTAL

	}

	/**
	 * One line of the breakdown.
	 *
	 * @param account the account as a reader meets it, or {@code null} where the report
	 * reads one
	 * @param label what the line adds up, in words: the group ("checkout", "(no team
	 * tag)"), the account's total or the total
	 * @param level what it adds up
	 * @param applications how many applications
	 * @param calls their calls; absent when none has a call count
	 * @param shareOfCalls their share of the report's calls
	 */
	public record Line(String account, String label, Level level, long applications, Double calls,
			Double shareOfCalls) {
	}

	public boolean isEmpty() {
		return lines.isEmpty();
	}

	/** "Usage by team", as the workbook's sheet is named. */
	public String title() {
		return "Usage by " + (groupBy == null ? "account" : groupBy);
	}

	/**
	 * The breakdown of the usage added up in {@code groups}: each account's groups and,
	 * over several accounts, its total; then the total. None for one account without a
	 * grouping tag, whose total the headlines already give.
	 * @param accountName the account of an id as a reader meets it
	 */
	public static UsageBreakdown of(UsageGroups groups, String groupBy, Function<Long, String> accountName,
			boolean severalAccounts) {
		if (groups.isEmpty() || (groupBy == null && !severalAccounts)) {
			return NONE;
		}
		List<Line> lines = new ArrayList<>();
		for (UsageGroups.Subtotal account : groups.accountTotals()) {
			String name = severalAccounts && account.accountId() != null ? accountName.apply(account.accountId())
					: null;
			if (groupBy != null) {
				groups.subtotals()
					.stream()
					.filter(group -> Objects.equals(group.accountId(), account.accountId()))
					.forEach(group -> lines.add(line(name,
							group.group() == null ? "(no " + groupBy + " tag)" : group.group(), Level.GROUP, group)));
			}
			if (severalAccounts) {
				lines.add(line(name, groupBy == null ? name : "Account total", Level.ACCOUNT, account));
			}
		}
		lines.add(line(null, "Total", Level.TOTAL, groups.total()));
		return new UsageBreakdown(groupBy, lines);
	}

	private static Line line(String account, String label, Level level, UsageGroups.Subtotal sums) {
		return new Line(account, label, level, sums.applications(), sums.callVolume(), sums.shareOfCalls());
	}

}
