package io.apmreports.formula;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns the summarized metrics of one application (or host) over one range into its
 * {@link Breakdown}, applying the rules of section 4.7: absent terms are dropped, exactly
 * one database formula is used, and no component exists without web calls to divide by.
 */
public final class BreakdownCalculator {

	private final MetricNames names;

	public BreakdownCalculator(MetricNames names) {
		this.names = names;
	}

	/**
	 * @param metrics the metrics the service found for the range
	 * @param language the agent language; the Ruby database formula applies only to Ruby
	 * applications
	 */
	public Breakdown calculate(MetricSnapshot metrics, String language) {
		List<String> dropped = new ArrayList<>();
		MetricValues dispatcher = metrics.get(names.httpDispatcher());
		MetricValues other = metrics.get(names.otherTransaction());
		Double calls = dispatcher == null ? null : dispatcher.callCount();
		boolean web = Formulas.isPositive(calls);
		if (dispatcher == null) {
			dropped.add(names.httpDispatcher() + ": not reported, no web figures");
		}
		else if (!web) {
			dropped.add(names.httpDispatcher() + ": no web calls in the range, no web figures");
		}

		Map<String, Double> datastores = datastoreTimes(metrics, calls);
		DatabaseFormula formula = databaseFormula(metrics, language, datastores, web, dropped);
		Double datastore = formula == DatabaseFormula.DATASTORE ? Formulas.sumOfPresent(datastores.values()) : null;
		Double database = formula == DatabaseFormula.DATABASE
				? Formulas.perWebRequest(metrics.get(names.database()), calls) : null;
		Double rubyDatabase = formula == DatabaseFormula.RUBY_ORM
				? Formulas.perWebRequest(metrics.get(names.orm()), calls) : null;
		Double external = component(metrics, names.external(), calls, web, dropped);
		Double cache = component(metrics, names.cache(), calls, web, dropped);
		Double queuing = component(metrics, names.queueTime(), calls, web, dropped);

		MetricValues totalTime = metrics.get(names.webTransactionTotalTime());
		WebTimeSource source = webTimeSource(totalTime, web, dropped);
		Double webTime = Formulas.webTransactionTime(totalTime, dispatcher);
		Double applicationTime = Formulas.applicationTime(webTime, datastore, database, rubyDatabase, external, cache);

		return new Breakdown(Formulas.throughput(dispatcher), Formulas.throughput(other),
				Formulas.responseTime(dispatcher, metrics.get(names.queueTime())), queuing, webTime, applicationTime,
				datastore, database, rubyDatabase, external, cache, web || hasCalls(other),
				new Breakdown.Provenance(formula, source, List.copyOf(datastores.keySet()), dropped));
	}

	private Map<String, Double> datastoreTimes(MetricSnapshot metrics, Double calls) {
		Map<String, Double> times = new TreeMap<>();
		for (String name : metrics.names()) {
			names.datastoreType(name)
				.ifPresent(type -> times.put(type, Formulas.perWebRequest(metrics.get(name), calls)));
		}
		return times;
	}

	// Rules 2 and 3: ActiveRecord/all replaces the Database formula for old Ruby agents;
	// Datastore
	// metrics replace Database metrics; the generic Database category is used only when
	// no datastore type is reported.
	private DatabaseFormula databaseFormula(MetricSnapshot metrics, String language, Map<String, Double> datastores,
			boolean web, List<String> dropped) {
		boolean ruby = language != null && language.toLowerCase(Locale.ROOT).equals("ruby");
		boolean orm = metrics.has(names.orm());
		boolean database = metrics.has(names.database());
		if (orm && !ruby) {
			dropped.add(names.orm() + ": reported, but the Ruby database formula applies only to Ruby agents");
		}
		if (ruby && orm) {
			if (database) {
				dropped.add(names.database() + ": replaced by " + names.orm() + " for a Ruby agent older than 3.11.0");
			}
			return DatabaseFormula.RUBY_ORM;
		}
		if (!datastores.isEmpty()) {
			if (database) {
				dropped.add(names.database() + ": replaced by the per-type Datastore metrics");
			}
			return DatabaseFormula.DATASTORE;
		}
		if (database) {
			return DatabaseFormula.DATABASE;
		}
		if (web) {
			dropped.add("database: no Datastore, " + names.database() + " or " + names.orm() + " metric reported");
		}
		return DatabaseFormula.NONE;
	}

	private Double component(MetricSnapshot metrics, String name, Double calls, boolean web, List<String> dropped) {
		if (!metrics.has(name)) {
			if (web) {
				dropped.add(name + ": not reported");
			}
			return null;
		}
		return Formulas.perWebRequest(metrics.get(name), calls);
	}

	private WebTimeSource webTimeSource(MetricValues totalTime, boolean web, List<String> dropped) {
		if (!web) {
			return WebTimeSource.NONE;
		}
		if (totalTime != null && totalTime.averageResponseTime() != null) {
			return WebTimeSource.WEB_TRANSACTION_TOTAL_TIME;
		}
		dropped.add(names.webTransactionTotalTime() + ": not reported, " + names.httpDispatcher() + " used instead");
		return WebTimeSource.HTTP_DISPATCHER;
	}

	private static boolean hasCalls(MetricValues metric) {
		return metric != null && Formulas.isPositive(metric.callCount());
	}

}
