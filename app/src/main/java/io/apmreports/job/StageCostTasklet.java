package io.apmreports.job;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;

import io.apmreports.definition.CostSettings;
import io.apmreports.definition.ReportDefinition;
import io.apmreports.source.BilledIngest;
import io.apmreports.source.BilledMonth;
import io.apmreports.source.ByteEstimate;
import io.apmreports.source.IngestRule;
import io.apmreports.source.MonthlyIngest;
import io.apmreports.source.UsageSource;
import io.apmreports.staging.CostAccount;
import io.apmreports.staging.CostMonth;
import io.apmreports.staging.CostRow;
import io.apmreports.staging.CostTables;
import io.apmreports.staging.IngestEstimates;
import io.apmreports.staging.StagedCost;

/**
 * Stages a cost run's month in one transaction: the bill asked in the parent, the month
 * to date's billable figures, the twelve months before, each split by the estimates kept
 * of its days (the measuring step has just added the missing days of the month and of the
 * month before that it still could). Done again, it replaces what it staged: a restart
 * leaves only its own.
 */
class StageCostTasklet implements Tasklet {

	private final UsageSource usage;

	private final IngestEstimates estimates;

	private final CostTables tables;

	private final LaunchedRun launched;

	/** The tag's value by application name, per account: asked once a run. */
	private final Map<Long, Map<String, String>> teams = new HashMap<>();

	/**
	 * @param usage the run's usage source; {@code null} for a report without the cost
	 * section
	 */
	StageCostTasklet(UsageSource usage, IngestEstimates estimates, CostTables tables, LaunchedRun launched) {
		this.usage = usage;
		this.estimates = estimates;
		this.tables = tables;
		this.launched = launched;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) {
		if (usage == null) {
			return RepeatStatus.FINISHED;
		}
		ReportDefinition definition = launched.definition();
		long parent = UsageRun.usageAccount(launched);
		YearMonth month = UsageRun.month(launched);
		MonthAllocation allocation = new MonthAllocation(parent,
				definition.cost().parentRow() == CostSettings.ParentRow.INCLUDES_CHILDREN,
				IngestRule.DEFAULTS.stream().map(IngestRule::usageMetric).collect(Collectors.toSet()));
		List<BilledIngest> billed = usage.billedIngest(parent, month);
		BilledMonth billedMonth = usage.billedMonth(parent, month);
		List<MonthlyIngest> history = usage.monthlyIngest(parent, month.minusMonths(12), month.minusMonths(1));
		Map<Long, String> names = new HashMap<>();
		billed.forEach(row -> names.putIfAbsent(row.consumingAccountId(), row.consumingAccountName()));
		Map<Long, String> notMeasured = UsageRun.notMeasured(launched.execution().getExecutionContext());

		List<CostRow> rows = new ArrayList<>();
		List<CostAccount> accounts = new ArrayList<>();
		allocation.own(byAccount(billed)).forEach((account, own) -> {
			int days = kept(account, month);
			rows.addAll(split(allocation, account, own, month, days));
			String why = days > 0 ? null : notMeasured.getOrDefault(account, "no day of the month was measured "
					+ "while the vendor kept its events (run a daily ingest report)");
			accounts.add(new CostAccount(account, names.get(account), account == parent,
					own.values().stream().reduce(BigDecimal.ZERO, BigDecimal::add).doubleValue(), days,
					month.lengthOfMonth(), why));
		});
		List<CostMonth> months = new ArrayList<>();
		pastMonths(history).forEach((past, ingest) -> allocation.own(ingest)
			.forEach((account, own) -> months
				.addAll(MonthAllocation.months(past, split(allocation, account, own, past, kept(account, past))))));
		months.addAll(MonthAllocation.months(month, rows));
		tables.save(launched.instanceId(), new StagedCost(rows, accounts, billedMonth, months));
		return RepeatStatus.FINISHED;
	}

	private List<CostRow> split(MonthAllocation allocation, long account, Map<String, BigDecimal> own, YearMonth month,
			int days) {
		List<ByteEstimate> sums = days == 0 ? List.of() : estimates.sums(account, month.atDay(1), month.atEndOfMonth());
		return allocation.rows(account, own, sums, days, month.lengthOfMonth(), days == 0 ? Map.of() : teams(account));
	}

	private int kept(long account, YearMonth month) {
		LocalDate first = month.atDay(1);
		return estimates.keptDays(account, first, month.atEndOfMonth()).size();
	}

	private Map<String, String> teams(long account) {
		String groupBy = launched.definition().groupBy();
		if (groupBy == null) {
			return Map.of();
		}
		return teams.computeIfAbsent(account, id -> usage.applicationTag(id, groupBy));
	}

	private static Map<Long, Map<String, BigDecimal>> byAccount(List<BilledIngest> billed) {
		Map<Long, Map<String, BigDecimal>> rows = new TreeMap<>();
		billed.forEach(row -> rows.computeIfAbsent(row.consumingAccountId(), id -> new TreeMap<>())
			.merge(row.usageMetric(), BigDecimal.valueOf(row.gigabytes()), BigDecimal::add));
		return rows;
	}

	private static Map<YearMonth, Map<Long, Map<String, BigDecimal>>> pastMonths(List<MonthlyIngest> history) {
		Map<YearMonth, Map<Long, Map<String, BigDecimal>>> months = new TreeMap<>();
		history.forEach(row -> months.computeIfAbsent(row.month(), month -> new TreeMap<>())
			.computeIfAbsent(row.consumingAccountId(), id -> new TreeMap<>())
			.merge(row.usageMetric(), BigDecimal.valueOf(row.gigabytes()), BigDecimal::add));
		return months;
	}

}
