package io.apmreports.job;

import java.math.BigDecimal;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import io.apmreports.formula.CostAllocation;
import io.apmreports.source.ByteEstimate;
import io.apmreports.staging.CostMonth;
import io.apmreports.staging.CostRow;

/**
 * One billing month split across applications and teams: each consuming account's own
 * gigabytes per usage metric (the asked account's row less its children's where it holds
 * them, so no child counts twice), each metric with a rule split by the estimates kept of
 * the month's measured days, the rest unallocated. Plain arithmetic over what the cost
 * step read: no service, no database.
 */
final class MonthAllocation {

	private final long usageAccount;

	private final boolean parentIncludesChildren;

	private final Set<String> ruled;

	/**
	 * @param usageAccount the account the bill was asked in
	 * @param parentIncludesChildren whether its row holds its children's ingest
	 * @param ruled the usage metrics that have a rule, the others wholly unallocated
	 */
	MonthAllocation(long usageAccount, boolean parentIncludesChildren, Set<String> ruled) {
		this.usageAccount = usageAccount;
		this.parentIncludesChildren = parentIncludesChildren;
		this.ruled = Set.copyOf(ruled);
	}

	/**
	 * Each account's own gigabytes per usage metric, from the month's rows as answered
	 * (account, metric, GB): the asked account first, the others by id.
	 */
	Map<Long, Map<String, BigDecimal>> own(Map<Long, Map<String, BigDecimal>> rows) {
		Map<Long, Map<String, BigDecimal>> own = new LinkedHashMap<>();
		if (rows.containsKey(usageAccount)) {
			Map<String, BigDecimal> parent = new TreeMap<>();
			rows.get(usageAccount)
				.forEach((metric, gigabytes) -> parent.put(metric,
						CostAllocation.parentOwn(gigabytes, childrenOf(rows, metric), parentIncludesChildren)));
			own.put(usageAccount, parent);
		}
		new TreeMap<>(rows).forEach((account, metrics) -> {
			if (account != usageAccount) {
				own.put(account, new TreeMap<>(metrics));
			}
		});
		return own;
	}

	private BigDecimal childrenOf(Map<Long, Map<String, BigDecimal>> rows, String metric) {
		return rows.entrySet()
			.stream()
			.filter(account -> account.getKey() != usageAccount)
			.map(account -> account.getValue().getOrDefault(metric, BigDecimal.ZERO))
			.reduce(BigDecimal.ZERO, BigDecimal::add);
	}

	/**
	 * One account's lines: each ruled metric split by the estimates of its
	 * {@code daysMeasured} days, the application's estimate extrapolated to the month,
	 * and the unallocated rest; a metric without a rule, or a month not measured, wholly
	 * unallocated.
	 * @param estimates the sums of the days measured, per metric and application
	 * @param teams the grouping tag's value by application name
	 */
	List<CostRow> rows(long account, Map<String, BigDecimal> own, List<ByteEstimate> estimates, int daysMeasured,
			int daysInMonth, Map<String, String> teams) {
		List<CostRow> lines = new ArrayList<>();
		// in the metrics' order, whatever order the bill was answered in
		new TreeMap<>(own).forEach((metric, billed) -> {
			Map<String, Double> applications = new LinkedHashMap<>();
			double whole = 0;
			for (ByteEstimate estimate : estimates) {
				if (estimate.usageMetric().equals(metric)) {
					if (estimate.whole()) {
						whole += estimate.bytes();
					}
					else {
						applications.merge(estimate.application(), estimate.bytes(), Double::sum);
					}
				}
			}
			boolean split = ruled.contains(metric) && daysMeasured > 0;
			CostAllocation.Allocation allocation = CostAllocation.allocate(billed, split ? applications : Map.of(),
					split ? whole : 0);
			new TreeMap<>(allocation.applications()).forEach((application, gigabytes) -> lines
				.add(new CostRow(account, application, teams.get(application), metric, gigabytes.doubleValue(),
						CostAllocation.extrapolated(applications.get(application) / CostAllocation.BYTES_PER_GIGABYTE,
								daysMeasured, daysInMonth))));
			if (allocation.unallocated().signum() != 0 || allocation.applications().isEmpty()) {
				lines.add(new CostRow(account, null, null, metric, allocation.unallocated().doubleValue(), null));
			}
		});
		return lines;
	}

	/** The lines of one month summed per account, team and whether allocated. */
	static List<CostMonth> months(YearMonth month, List<CostRow> rows) {
		record Key(long account, String team, boolean allocated) {
		}
		Map<Key, Double> sums = rows.stream()
			.collect(Collectors.groupingBy(row -> new Key(row.accountId(), row.team(), !row.unallocated()),
					LinkedHashMap::new, Collectors.summingDouble(CostRow::gigabytes)));
		return sums.entrySet()
			.stream()
			.map(sum -> new CostMonth(month, sum.getKey().account(), sum.getKey().team(), sum.getKey().allocated(),
					sum.getValue()))
			.toList();
	}

}
