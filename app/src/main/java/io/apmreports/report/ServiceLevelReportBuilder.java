package io.apmreports.report;

import io.apmreports.formula.ServiceLevelFormulas;

import java.time.YearMonth;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import io.apmreports.history.HistoryOrigin;
import io.apmreports.staging.ServiceLevelMonthRow;
import io.apmreports.staging.ServiceLevelRow;
import io.apmreports.staging.SlaMonthRow;

/**
 * Builds a service-level report's month from what the run staged: each level's twelve
 * months with its budget, the SLA months of the applications without levels, and the
 * headline, the worst budget first.
 */
final class ServiceLevelReportBuilder {

	/** The run's month and the 11 before. */
	static final int MONTHS = 12;

	private ServiceLevelReportBuilder() {
	}

	/**
	 * @param accounts an account as a reader meets it, by id
	 * @param alone whether the report is of service levels alone
	 */
	static ServiceLevelReport build(YearMonth month, String groupBy, boolean levelsRead, List<ServiceLevelRow> levels,
			List<ServiceLevelMonthRow> months, List<SlaMonthRow> sla, LongFunction<String> accounts, boolean alone) {
		List<YearMonth> shown = new ArrayList<>();
		for (int back = MONTHS - 1; back >= 0; back--) {
			shown.add(month.minusMonths(back));
		}
		Map<String, Map<YearMonth, ServiceLevelMonthRow>> byLevel = new HashMap<>();
		months.forEach(row -> byLevel.computeIfAbsent(row.guid(), guid -> new HashMap<>()).put(row.month(), row));
		List<ServiceLevelReport.Level> reportLevels = levels.stream()
			.map(level -> level(level, shown, byLevel.getOrDefault(level.guid(), Map.of()), groupBy, accounts))
			.toList();
		List<ServiceLevelReport.SlaApplication> applications = sla(sla, shown, groupBy, accounts);
		ServiceLevelHeadline headline = new ServiceLevelHeadline(ServiceLevelText.month(month), worst(reportLevels),
				notes(levelsRead, reportLevels, applications), alone);
		return new ServiceLevelReport(month, groupBy, levelsRead, shown, reportLevels, applications, headline);
	}

	private static ServiceLevelReport.Level level(ServiceLevelRow row, List<YearMonth> shown,
			Map<YearMonth, ServiceLevelMonthRow> staged, String groupBy, LongFunction<String> accounts) {
		List<ServiceLevelReport.Month> months = shown.stream()
			.map(month -> month(month, staged.get(month), row.targetPct()))
			.toList();
		return new ServiceLevelReport.Level(team(row.team(), groupBy), row.accountId(), accounts.apply(row.accountId()),
				row.applicationId(), row.applicationName(), row.name(), row.guid(), row.targetPct(), row.windowDays(),
				row.createdAt(), months);
	}

	/** A month with its budget; a month not staged has no figures, not a 0. */
	static ServiceLevelReport.Month month(YearMonth month, ServiceLevelMonthRow row, Double targetPct) {
		if (row == null) {
			return new ServiceLevelReport.Month(month, false, false, null, null, null, null, null, null);
		}
		if (row.beforeCreation()) {
			return new ServiceLevelReport.Month(month, true, false, null, null, null, null, null, null);
		}
		Double consumed = ServiceLevelFormulas.budgetConsumed(row.attainmentPct(), targetPct);
		Double remaining = ServiceLevelFormulas.budgetRemaining(consumed);
		return new ServiceLevelReport.Month(month, false, row.partial(), row.attainmentPct(), row.good(), row.valid(),
				consumed, remaining, BudgetColour.of(remaining));
	}

	private static List<ServiceLevelReport.SlaApplication> sla(List<SlaMonthRow> rows, List<YearMonth> shown,
			String groupBy, LongFunction<String> accounts) {
		Map<List<Long>, List<SlaMonthRow>> byApplication = new LinkedHashMap<>();
		rows.forEach(row -> byApplication
			.computeIfAbsent(List.of(row.accountId(), row.applicationId()), key -> new ArrayList<>())
			.add(row));
		List<ServiceLevelReport.SlaApplication> applications = new ArrayList<>();
		byApplication.values().forEach(its -> {
			Map<YearMonth, SlaMonthRow> byMonth = new HashMap<>();
			its.forEach(row -> byMonth.put(row.month(), row));
			SlaMonthRow first = its.get(0);
			List<ServiceLevelReport.SlaMonth> months = shown.stream()
				.map(month -> slaMonth(month, byMonth.get(month)))
				.toList();
			applications.add(new ServiceLevelReport.SlaApplication(team(first.team(), groupBy), first.accountId(),
					accounts.apply(first.accountId()), first.applicationId(), first.applicationName(), months));
		});
		return applications;
	}

	private static ServiceLevelReport.SlaMonth slaMonth(YearMonth month, SlaMonthRow row) {
		if (row == null) {
			return new ServiceLevelReport.SlaMonth(month, null, null, null, null, null, null, null);
		}
		return new ServiceLevelReport.SlaMonth(month, row.webCalls(), row.apdexScore(), row.satisfied(),
				row.tolerating(), row.frustrated(), row.errorRate(), origin(row.origin()));
	}

	/** Where a month's SLA figures came from, in words. */
	static String origin(HistoryOrigin origin) {
		if (origin == null) {
			return null;
		}
		return switch (origin) {
			case RUN -> "kept from a run";
			case REST -> "from REST v2";
			case NRQL -> "from NRQL";
		};
	}

	private static String team(String team, String groupBy) {
		return team != null ? team : "(no " + (groupBy == null ? "team" : groupBy) + " tag)";
	}

	/**
	 * The levels in sentences, the most consumed budget first, those without one last.
	 */
	private static List<ServiceLevelHeadline.Worst> worst(List<ServiceLevelReport.Level> levels) {
		return levels.stream()
			.sorted(Comparator.comparing(ServiceLevelReportBuilder::consumed,
					Comparator.nullsLast(Comparator.reverseOrder())))
			.limit(ServiceLevelText.WORST)
			.map(level -> new ServiceLevelHeadline.Worst(ServiceLevelText.sentence(level),
					level.current() == null ? null : level.current().colour()))
			.toList();
	}

	private static Double consumed(ServiceLevelReport.Level level) {
		return level.current() == null ? null : level.current().consumed();
	}

	private static List<String> notes(boolean levelsRead, List<ServiceLevelReport.Level> levels,
			List<ServiceLevelReport.SlaApplication> applications) {
		List<String> notes = new ArrayList<>();
		if (!levelsRead) {
			notes.add("Service levels need NRQL over NerdGraph; this report reads REST v2, so it shows the SLA "
					+ "figures of every application.");
			return notes;
		}
		long onApplications = levels.stream()
			.map(level -> List.of(level.accountId(), level.applicationId()))
			.distinct()
			.count();
		notes.add(count(levels.size(), "service level") + " on " + count(onApplications, "application") + "; "
				+ count(applications.size(), "application") + " without one "
				+ (applications.size() == 1 ? "has its" : "have their") + " SLA figures.");
		if (levels.size() > ServiceLevelText.WORST) {
			notes.add((levels.size() - ServiceLevelText.WORST) + " more in the files.");
		}
		return notes;
	}

	private static String count(long count, String noun) {
		return count + " " + noun + (count == 1 ? "" : "s");
	}

}
