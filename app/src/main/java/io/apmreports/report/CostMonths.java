package io.apmreports.report;

import java.math.BigDecimal;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.apmreports.formula.Money;
import io.apmreports.staging.CostMonth;

/**
 * The last twelve months of a cost report by team and by account: the report's month from
 * its own table, the months before from what the run staged of them. A month is known by
 * account where anything of it was staged, and by team where some of it was allocated; a
 * team or account a known month lacks had none in it, and a month not known is an empty
 * cell.
 */
final class CostMonths {

	static final int MONTHS = 12;

	private CostMonths() {
	}

	/**
	 * @param now each team's gigabytes of the report's month
	 * @param accountsNow each account's (by name) gigabytes of the report's month
	 * @param accountName an account's name by id
	 */
	static CostHistory of(YearMonth month, List<CostMonth> staged, String groupBy, Map<String, BigDecimal> now,
			Map<String, BigDecimal> accountsNow, Map<Long, String> accountName) {
		List<YearMonth> months = new ArrayList<>();
		for (int back = MONTHS - 1; back >= 0; back--) {
			months.add(month.minusMonths(back));
		}
		Map<YearMonth, Map<String, BigDecimal>> teams = new LinkedHashMap<>();
		Map<YearMonth, Map<String, BigDecimal>> accounts = new LinkedHashMap<>();
		Set<YearMonth> allocated = new HashSet<>();
		for (CostMonth one : staged) {
			if (one.month().equals(month) || !months.contains(one.month())) {
				continue;
			}
			BigDecimal gigabytes = Money.decimal(one.gigabytes());
			String account = accountName.getOrDefault(one.accountId(), String.valueOf(one.accountId()));
			accounts.computeIfAbsent(one.month(), key -> new LinkedHashMap<>())
				.merge(account, gigabytes, BigDecimal::add);
			String team = !one.allocated() ? CostLines.UNALLOCATED
					: one.team() != null ? one.team() : CostLines.noTag(groupBy);
			teams.computeIfAbsent(one.month(), key -> new LinkedHashMap<>()).merge(team, gigabytes, BigDecimal::add);
			if (one.allocated()) {
				allocated.add(one.month());
			}
		}
		teams.keySet().retainAll(allocated);
		teams.put(month, now);
		accounts.put(month, accountsNow);
		return new CostHistory(months, rows(months, teams), rows(months, accounts));
	}

	/**
	 * The previous month's gigabytes by team, or {@code null} where that month is not
	 * known by team.
	 */
	static Map<String, BigDecimal> previous(CostHistory history) {
		if (history.teams().isEmpty() || history.teams().get(0).previous() == null) {
			return null;
		}
		Map<String, BigDecimal> previous = new LinkedHashMap<>();
		history.teams().forEach(row -> previous.put(row.label(), row.previous()));
		return previous;
	}

	private static List<CostHistory.Row> rows(List<YearMonth> months, Map<YearMonth, Map<String, BigDecimal>> byMonth) {
		// the report's month's order first, then any the months before had alone
		List<String> labels = new ArrayList<>(byMonth.get(months.get(months.size() - 1)).keySet());
		byMonth.values()
			.forEach(values -> values.keySet().stream().filter(label -> !labels.contains(label)).forEach(labels::add));
		List<CostHistory.Row> rows = new ArrayList<>();
		for (String label : labels) {
			List<BigDecimal> cells = new ArrayList<>();
			for (YearMonth one : months) {
				Map<String, BigDecimal> values = byMonth.get(one);
				cells.add(values == null ? null : values.getOrDefault(label, BigDecimal.ZERO));
			}
			rows.add(new CostHistory.Row(label, cells));
		}
		return rows;
	}

}
