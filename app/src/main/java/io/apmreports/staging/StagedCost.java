package io.apmreports.staging;

import java.util.List;

import io.apmreports.source.BilledMonth;

/**
 * A cost run's month as its cost step stages it at once.
 *
 * @param rows the allocation's lines
 * @param accounts the accounts billed, the asked account first
 * @param billed the organisation's billable figures
 * @param months the months looked back over, the report's month among them
 */
public record StagedCost(List<CostRow> rows, List<CostAccount> accounts, BilledMonth billed, List<CostMonth> months) {

	public StagedCost {
		rows = List.copyOf(rows);
		accounts = List.copyOf(accounts);
		months = List.copyOf(months);
	}

}
