package io.apmreports.sandbox;

import java.util.ArrayList;
import java.util.HashSet;
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

	private static final Set<String> HOST_ATTRIBUTES = Set.of("host", "instanceName", "realAgentId");

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
		Set<String> ids = applicationIds(where);
		List<NrqlUnit> units = new ArrayList<>();
		for (AppModel model : applications) {
			// an application the query does not name is passed over before its metrics
			// are spelled out: a chunk's query names a hundred of an account of thousands
			if (ids != null && !ids.contains(Long.toString(model.app.id()))) {
				continue;
			}
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

	/**
	 * The application ids the WHERE allows, or {@code null} when it does not name them
	 * with {@code =} or {@code IN}.
	 */
	private static Set<String> applicationIds(List<NrqlCondition> where) {
		Set<String> ids = null;
		for (NrqlCondition condition : where) {
			if (condition.attribute().equals("appId") && condition.operator() != NrqlCondition.Operator.LIKE) {
				Set<String> named = new HashSet<>(condition.values());
				if (ids != null) {
					named.retainAll(ids);
				}
				ids = named;
			}
		}
		return ids;
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
