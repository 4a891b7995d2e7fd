package io.apmreports.report.xlsx;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.apmreports.formula.Sum;
import io.apmreports.report.Columns;
import io.apmreports.staging.UsageRow;

/**
 * The account's total under the Usage sheet, summed as the rows stream past: what finance
 * checks its allocation against. A sum over no values is absent, an empty cell; hosts
 * have none, as a host shared by applications would be counted once for each.
 */
final class UsageTotal {

	private final Sum calls = new Sum();

	private final Sum throughput = new Sum();

	private final Sum instances = new Sum();

	private final Sum share = new Sum();

	private long rows;

	void add(UsageRow row) {
		calls.add(row.callVolume());
		throughput.add(row.throughputRpm());
		instances.add(row.instanceCount());
		share.add(row.shareOfCalls());
		rows++;
	}

	long rows() {
		return rows;
	}

	/** The total row's cells, in the order of {@link Columns#USAGE}. */
	List<Object> cells() {
		Map<String, Object> totals = new HashMap<>();
		totals.put("application_name", "Total");
		totals.put("call_volume", calls.value());
		totals.put("throughput_rpm", throughput.value());
		// no host total: a host serving several applications is in each one's count, and
		// a
		// sum would count it more than once
		totals.put("instance_count", instances.value());
		totals.put("share_of_calls", share.value());
		return Columns.USAGE.stream().map(column -> totals.get(column.header())).toList();
	}

}
