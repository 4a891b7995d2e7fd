package io.apmreports.sandbox;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Picks the units a query's WHERE selects: the metrics each visible application reports
 * (and those of its reporting key transactions), on each of its hosts.
 */
final class NrqlUnits {

	private static final Set<String> HOST_ATTRIBUTES = Set.of("host", "instanceName");

	private final List<AppModel> applications;

	private final Map<Long, List<SyntheticKeyTransaction>> keyTransactions;

	NrqlUnits(SyntheticAccount account, Set<Long> vanishedApplicationIds) {
		// a vanished application is deleted: NerdGraph no longer has it
		this.applications = account.applications()
			.stream()
			.filter(app -> !vanishedApplicationIds.contains(app.id()))
			.map(app -> account.model(app.id()))
			.toList();
		this.keyTransactions = account.keyTransactions()
			.stream()
			.filter(SyntheticKeyTransaction::reporting)
			.collect(Collectors.groupingBy(SyntheticKeyTransaction::applicationId));
	}

	List<NrqlUnit> select(List<NrqlCondition> where) {
		List<NrqlCondition> perMetric = where.stream().filter(c -> !HOST_ATTRIBUTES.contains(c.attribute())).toList();
		List<NrqlCondition> perHost = where.stream().filter(c -> HOST_ATTRIBUTES.contains(c.attribute())).toList();
		List<NrqlUnit> units = new ArrayList<>();
		for (AppModel model : applications) {
			for (Map.Entry<String, SyntheticKeyTransaction> metric : metrics(model).entrySet()) {
				NrqlUnit appLevel = new NrqlUnit(model, metric.getKey(), null, 0, metric.getValue());
				if (!matchesAll(appLevel, perMetric)) {
					continue;
				}
				List<SyntheticHost> hosts = model.app.hosts();
				if (hosts.isEmpty() && perHost.isEmpty()) {
					units.add(appLevel);
				}
				for (int i = 0; i < hosts.size(); i++) {
					NrqlUnit unit = new NrqlUnit(model, metric.getKey(), hosts.get(i), model.app.instanceIds().get(i),
							metric.getValue());
					if (matchesAll(unit, perHost)) {
						units.add(unit);
					}
				}
			}
		}
		return units;
	}

	static boolean matchesAll(NrqlUnit unit, List<NrqlCondition> conditions) {
		for (NrqlCondition condition : conditions) {
			if (!condition.matches(unit.text(condition.attribute()))) {
				return false;
			}
		}
		return true;
	}

	/**
	 * The application's metric names, each with its key transaction (null for its own).
	 */
	private Map<String, SyntheticKeyTransaction> metrics(AppModel model) {
		Map<String, SyntheticKeyTransaction> metrics = new LinkedHashMap<>();
		for (String name : new LinkedHashSet<>(model.app.metricNames())) {
			metrics.put(name, null);
		}
		for (SyntheticKeyTransaction kt : keyTransactions.getOrDefault(model.app.id(), List.of())) {
			for (String name : NrqlKeyTransactionMetrics.names(kt)) {
				metrics.putIfAbsent(name, kt);
			}
		}
		return metrics;
	}

}
