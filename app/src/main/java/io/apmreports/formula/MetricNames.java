package io.apmreports.formula;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metric names the formulas read. They are configuration because an account may time
 * a family under another name; {@link #defaults()} holds the service's names, which are
 * the specification's but for two families it writes with neutral words: its
 * {@code Cache} is the service's {@code Memcache} and its {@code Orm} is
 * {@code ActiveRecord} (the vendor's "Get web transaction time data" example).
 *
 * @param httpDispatcher web transactions, e.g. {@code HttpDispatcher}
 * @param webTransactionTotalTime {@code WebTransactionTotalTime}
 * @param queueTime request queuing, {@code WebFrontend/QueueTime} (rule 7: the formula's
 * {@code WebFrontend/Queue})
 * @param otherTransaction non-web transactions, {@code OtherTransaction/all}
 * @param database the generic database category, {@code Database/allWeb}
 * @param orm the Ruby object-relational mapper, {@code ActiveRecord/all} (the
 * specification's {@code Orm/all})
 * @param cache the cache, {@code Memcache/allWeb} (the specification's
 * {@code Cache/allWeb}); caches an agent times as a datastore, such as
 * {@code Datastore/Redis/allWeb}, are datastore time, not this
 * @param external {@code External/allWeb}
 * @param datastorePrefix what every datastore metric starts with, {@code Datastore/}
 * @param datastoreSuffix what the per-type web metric ends with, {@code /allWeb}
 * @param datastoreTotal web datastore time over all types, {@code Datastore/allWeb}: not
 * a formula input, but the check that the per-type metrics asked for account for all of
 * it
 */
public record MetricNames(String httpDispatcher, String webTransactionTotalTime, String queueTime,
		String otherTransaction, String database, String orm, String cache, String external, String datastorePrefix,
		String datastoreSuffix, String datastoreTotal) {

	public static MetricNames defaults() {
		return new MetricNames("HttpDispatcher", "WebTransactionTotalTime", "WebFrontend/QueueTime",
				"OtherTransaction/all", "Database/allWeb", "ActiveRecord/all", "Memcache/allWeb", "External/allWeb",
				"Datastore/", "/allWeb", "Datastore/allWeb");
	}

	/** {@code Datastore/<dbtype>/allWeb} for one database type. */
	public String datastore(String dbType) {
		return datastorePrefix + dbType + datastoreSuffix;
	}

	/**
	 * The database type of a per-type datastore web metric
	 * ({@code Datastore/Postgres/allWeb -> Postgres}); empty for every other name, such
	 * as the totals {@code Datastore/allWeb} and {@code Datastore/Postgres/all}.
	 */
	public Optional<String> datastoreType(String metricName) {
		Matcher matcher = Pattern.compile(Pattern.quote(datastorePrefix) + "([^/]+)" + Pattern.quote(datastoreSuffix))
			.matcher(metricName);
		return matcher.matches() ? Optional.of(matcher.group(1)) : Optional.empty();
	}

	/**
	 * Every name one summarized request must ask for, given the application's datastore
	 * types.
	 */
	public List<String> timingFamily(Collection<String> datastoreTypes) {
		List<String> names = new ArrayList<>(List.of(httpDispatcher, webTransactionTotalTime, queueTime,
				otherTransaction, database, orm, cache, external, datastoreTotal));
		datastoreTypes.stream().sorted().map(this::datastore).forEach(names::add);
		return names;
	}

}
