package io.apmreports.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.apmreports.formula.Kind;
import io.apmreports.formula.Sum;
import io.apmreports.staging.UsageRow;

/**
 * Usage added up as its rows stream past: a subtotal for each account and value of the
 * grouping tag, in the order they first appear, and the grand total. What finance charges
 * each team with, and checks the whole against. Hosts are not added up: a host serving
 * several applications is in each one's count, and a sum would count it more than once.
 */
public final class UsageGroups {

	private final Map<Key, Totals> groups = new LinkedHashMap<>();

	private final Map<Long, Totals> accounts = new LinkedHashMap<>();

	private final Totals all = new Totals(null, null);

	public void add(UsageRow row) {
		groups.computeIfAbsent(new Key(row.accountId(), row.group()), key -> new Totals(key.account, key.group))
			.add(row);
		accounts.computeIfAbsent(row.accountId(), account -> new Totals(account, null)).add(row);
		all.add(row);
	}

	/** Whether any row was added. */
	public boolean isEmpty() {
		return all.applications == 0;
	}

	/** Each account's and group's subtotal, in the order they first appeared. */
	public List<Subtotal> subtotals() {
		List<Subtotal> subtotals = new ArrayList<>(groups.size());
		groups.values().forEach(totals -> subtotals.add(totals.subtotal()));
		return subtotals;
	}

	/**
	 * Each account's total, in the order they first appeared: what finance checks each
	 * account's groups against.
	 */
	public List<Subtotal> accountTotals() {
		return accounts.values().stream().map(Totals::subtotal).toList();
	}

	/** The grand total, over every row. */
	public Subtotal total() {
		return all.subtotal();
	}

	/**
	 * The subtotals' table; the group's column headed as the usage table heads it, the
	 * applications without the tag named as such.
	 * @param groupBy the grouping tag's key, or {@code null} for subtotals by account
	 * alone
	 */
	public static List<Column<Subtotal>> columns(String groupBy) {
		List<Column<Subtotal>> columns = new ArrayList<>();
		columns.add(new Column<>("account_id", "Account", Kind.ID, Subtotal::accountId));
		if (groupBy != null) {
			columns.add(new Column<>(groupBy, Columns.groupTitle(groupBy), Kind.TEXT,
					row -> row.group() == null ? "(no " + groupBy + " tag)" : row.group()));
		}
		columns.addAll(List.of(new Column<>("applications", "Applications", Kind.INTEGER, Subtotal::applications),
				new Column<>("call_volume", "Calls", Kind.NUMBER, Subtotal::callVolume),
				new Column<>("throughput_rpm", Columns.ALL_THROUGHPUT, Kind.RATE, Subtotal::throughputRpm),
				new Column<>("instance_count", "Instances", Kind.INTEGER, Subtotal::instanceCount),
				new Column<>("share_of_calls", "Share of calls", Kind.FRACTION, Subtotal::shareOfCalls)));
		return List.copyOf(columns);
	}

	/**
	 * The sums of one account's group, or of everything.
	 *
	 * @param accountId the account, or {@code null} for the grand total
	 * @param group the grouping tag's value; {@code null} for the applications without
	 * it, and for the grand total
	 * @param applications how many applications
	 * @param callVolume their calls; absent when none has a call count
	 * @param throughputRpm their calls per minute over the range
	 * @param instanceCount their instances
	 * @param shareOfCalls their share of the report's calls (of all its accounts)
	 */
	public record Subtotal(Long accountId, String group, long applications, Double callVolume, Double throughputRpm,
			Double instanceCount, Double shareOfCalls) {
	}

	private record Key(Long account, String group) {
	}

	private static final class Totals {

		private final Long account;

		private final String group;

		private final Sum calls = new Sum();

		private final Sum throughput = new Sum();

		private final Sum instances = new Sum();

		private final Sum share = new Sum();

		private long applications;

		Totals(Long account, String group) {
			this.account = account;
			this.group = group;
		}

		void add(UsageRow row) {
			calls.add(row.callVolume());
			throughput.add(row.throughputRpm());
			instances.add(row.instanceCount());
			share.add(row.shareOfCalls());
			applications++;
		}

		Subtotal subtotal() {
			return new Subtotal(account, group, applications, calls.value(), throughput.value(), instances.value(),
					share.value());
		}

	}

}
