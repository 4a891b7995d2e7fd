package io.apmreports.sandbox;

import java.util.List;

/**
 * The metrics of a key transaction: its transaction {@code M},
 * {@code Apdex/<M without its
 * first segment>} and {@code Errors/<M>}, derived from its application's own traffic with
 * the factors the REST face's key transaction summary uses (a share of the traffic,
 * slower or faster).
 */
final class NrqlKeyTransactionMetrics {

	private NrqlKeyTransactionMetrics() {
	}

	/** The metric names of a key transaction. */
	static List<String> names(SyntheticKeyTransaction kt) {
		String metric = kt.transactionName();
		int slash = metric.indexOf('/');
		return List.of(metric, "Apdex/" + metric.substring(slash + 1), "Errors/" + metric);
	}

	static Aggregate aggregate(NrqlUnit unit, long fromMinute, long toMinute) {
		double u = Hashing.unit(unit.keyTransaction().id(), 0, 51, 0);
		double share = 0.05 + 0.3 * u;
		double pace = 0.6 + 0.9 * u;
		AppModel model = unit.model();
		List<SyntheticHost> hosts = unit.host() == null ? List.of() : List.of(unit.host());
		Aggregate derived = new Aggregate();
		switch (unit.family()) {
			case APDEX -> {
				Aggregate base = SyntheticAccount.aggregate(model, hosts, "Apdex", fromMinute, toMinute);
				derived.satisfied = Math.round(base.satisfied * share);
				derived.tolerating = Math.round(base.tolerating * share);
				derived.frustrated = Math.round(base.frustrated * share);
			}
			case ERRORS -> {
				Aggregate base = SyntheticAccount.aggregate(model, hosts, "Errors/all", fromMinute, toMinute);
				derived.errors = Math.round(base.errors * share);
			}
			case TIMING -> {
				String traffic = model.app.reports("HttpDispatcher") ? "HttpDispatcher" : "OtherTransaction/all";
				Aggregate base = SyntheticAccount.aggregate(model, hosts, traffic, fromMinute, toMinute);
				derived.calls = Math.round(base.calls * share);
				derived.weightedMicros = Math.round(base.weightedMicros * share * pace);
				if (base.maxMicros >= 0) {
					derived.minMicros = Math.round(base.minMicros * pace);
					derived.maxMicros = Math.round(base.maxMicros * pace);
				}
			}
			default -> throw new IllegalStateException("no rule for " + unit.family());
		}
		return derived;
	}

}
