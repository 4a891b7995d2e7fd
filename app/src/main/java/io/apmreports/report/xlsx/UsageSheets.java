package io.apmreports.report.xlsx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.poi.xssf.streaming.SXSSFWorkbook;

import io.apmreports.report.Column;
import io.apmreports.report.Columns;
import io.apmreports.report.ReportHeader;
import io.apmreports.report.UsageGroups;
import io.apmreports.staging.UsageRow;

/**
 * The Usage sheet, with the account's total under it, and, for a report grouped by a tag,
 * the sheet of its subtotals beside it ("Usage by team"): each account's group with its
 * applications, calls, throughput, instances and share, over several accounts each
 * account's total, and the grand total, which the Usage sheet's total equals. Shares are
 * of all the report's calls, so that they add up to each account's share and to 100%.
 */
final class UsageSheets {

	/** What the Usage by team sheet says beside an account's total. */
	static final String ACCOUNT_TOTAL = "Account total";

	private final SheetTable<UsageRow> usage;

	private final SheetTable<UsageGroups.Subtotal> groups;

	private final String groupBy;

	private final boolean severalAccounts;

	private final UsageGroups totals = new UsageGroups();

	/**
	 * Creates the sheets now, so that they stand where the workbook's order puts them.
	 * @param groupBy the grouping tag, or {@code null}
	 * @param severalAccounts whether the report reads several accounts, which have their
	 * subtotals without a grouping tag too
	 */
	UsageSheets(SXSSFWorkbook workbook, WorkbookStyles styles, ReportHeader header, String groupBy,
			boolean severalAccounts) {
		this.groupBy = groupBy;
		this.severalAccounts = severalAccounts;
		this.usage = new SheetTable<>(workbook.createSheet("Usage"), Columns.usage(groupBy), 0, styles, header);
		this.groups = groupBy == null && !severalAccounts ? null
				: new SheetTable<>(workbook.createSheet("Usage by " + (groupBy == null ? "account" : groupBy)),
						UsageGroups.columns(groupBy), 0, styles, header);
	}

	void add(UsageRow row) {
		usage.add(row);
		totals.add(row);
	}

	/** Writes the totals and sizes the columns. */
	void finish() {
		if (!totals.isEmpty()) {
			usage.addTotal(cells(usage.columns(), totals.total()));
			if (groups != null) {
				totals.subtotals().forEach(groups::add);
				groups.addTotals(groupTotals());
			}
		}
		usage.finish();
		if (groups != null) {
			groups.finish();
		}
	}

	/**
	 * Under the subtotals of several accounts' groups, each account's total, which its
	 * groups add up to; then the grand total.
	 */
	private List<List<Object>> groupTotals() {
		List<List<Object>> rows = new ArrayList<>();
		if (severalAccounts && groupBy != null) {
			for (UsageGroups.Subtotal account : totals.accountTotals()) {
				List<Object> cells = new ArrayList<>(cells(groups.columns(), account, ACCOUNT_TOTAL));
				cells.set(0, account.accountId());
				rows.add(cells);
			}
		}
		rows.add(cells(groups.columns(), totals.total()));
		return rows;
	}

	/** A total's cells under the columns that have one, and the word "Total". */
	private <R> List<Object> cells(List<Column<R>> columns, UsageGroups.Subtotal total) {
		return cells(columns, total, "Total");
	}

	private <R> List<Object> cells(List<Column<R>> columns, UsageGroups.Subtotal total, String label) {
		Map<String, Object> cells = new HashMap<>();
		// under the application's name where the table has one, else under the group's
		boolean named = columns.stream().anyMatch(Column::namesTheApplication);
		cells.put(named ? "application_name" : groupBy != null ? groupBy : "account_id", label);
		cells.put("applications", total.applications());
		cells.put("call_volume", total.callVolume());
		cells.put("throughput_rpm", total.throughputRpm());
		cells.put("instance_count", total.instanceCount());
		cells.put("share_of_calls", total.shareOfCalls());
		return columns.stream().map(column -> cells.get(column.header())).toList();
	}

}
