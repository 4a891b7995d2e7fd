package io.apmreports.report;

import java.math.BigDecimal;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The months a cost report looks back over, the report's month last, as tables of
 * gigabytes: one row per team and one per account. A month not known (the usage events no
 * longer kept, no measurement to split it by) is an empty cell, never 0.
 *
 * @param months the months, oldest first
 * @param teams each team's gigabytes per month
 * @param accounts each account's gigabytes per month
 */
public record CostHistory(List<YearMonth> months, List<Row> teams, List<Row> accounts) {

	public CostHistory {
		months = List.copyOf(months);
		teams = List.copyOf(teams);
		accounts = List.copyOf(accounts);
	}

	/**
	 * One team's or account's months.
	 *
	 * @param label the team, or the account's name
	 * @param gigabytes its gigabytes per month, {@code null} where the month is not known
	 */
	public record Row(String label, List<BigDecimal> gigabytes) {

		public Row {
			// unknown months are nulls, which List.copyOf refuses
			gigabytes = Collections.unmodifiableList(new ArrayList<>(gigabytes));
		}

		/** Its gigabytes in the report's month. */
		public BigDecimal now() {
			return gigabytes.get(gigabytes.size() - 1);
		}

		/** Its gigabytes in the month before, or {@code null} where not known. */
		public BigDecimal previous() {
			return gigabytes.size() < 2 ? null : gigabytes.get(gigabytes.size() - 2);
		}

		/** The change against the month before, or {@code null} where not known. */
		public BigDecimal change() {
			BigDecimal previous = previous();
			return previous == null || now() == null ? null : now().subtract(previous);
		}

	}

}
