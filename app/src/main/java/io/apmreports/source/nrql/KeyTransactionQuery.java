package io.apmreports.source.nrql;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.commons.collections4.ListUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.apmreports.formula.Formulas;
import io.apmreports.formula.MetricValues;
import io.apmreports.source.ApplicationSummary;
import io.apmreports.source.KeyTransaction;
import io.apmreports.source.PartNotFetched;
import io.apmreports.source.nrql.FacetQueries.Answer;
import io.apmreports.source.nrql.FacetQueries.Part;

/**
 * Every key transaction, listed by the entity search and read whole by guid, with its
 * rolling summary from one query over the last 10 minutes (as REST's key transaction
 * summary): its transaction metric, {@code Apdex/<the metric without its first segment>}
 * and {@code Errors/<the metric>}, of its application.
 */
final class KeyTransactionQuery {

	private static final Logger log = LoggerFactory.getLogger(KeyTransactionQuery.class);

	private static final List<String> BY_NAME = List.of(Nrql.APP_ID, Nrql.NAME);

	/** The part a failure names. */
	private static final String SUMMARIES = "the key transactions' 10-minute summaries";

	private final NerdGraphClient client;

	private final FacetQueries queries;

	KeyTransactionQuery(NerdGraphClient client, FacetQueries queries) {
		this.client = client;
		this.queries = queries;
	}

	List<KeyTransaction> keyTransactions() {
		List<Entity> entities = whole(guids());
		List<Entity> readable = entities.stream().filter(KeyTransactionQuery::readable).toList();
		if (readable.isEmpty()) {
			return List.of();
		}
		Map<Long, Map<String, FacetRow>> rows = rows(readable);
		List<KeyTransaction> keyTransactions = new ArrayList<>(readable.size());
		for (Entity entity : readable) {
			long applicationId = Entity.idOf(entity.applicationGuid());
			keyTransactions.add(new KeyTransaction(Entity.idOf(entity.guid()), entity.name(), entity.metricName(),
					applicationId, summary(entity, rows.getOrDefault(applicationId, Map.of()))));
		}
		return keyTransactions;
	}

	/**
	 * The guids of the account's key transactions. The search names no domain: the
	 * vendor's documents do not say which their entities carry, and the type alone says
	 * which entities these are.
	 */
	private List<String> guids() {
		String query = "type = 'KEY_TRANSACTION' AND accountId = " + client.endpoint().accountId();
		List<String> guids = new ArrayList<>();
		String cursor = null;
		do {
			EntityPage page = client.entities(query, cursor);
			page.entities().forEach(entity -> guids.add(entity.guid()));
			cursor = page.nextCursor();
		}
		while (cursor != null);
		return guids;
	}

	/**
	 * The key transactions whole, {@link NerdGraphClient#MAX_GUIDS} a request: the
	 * search's outline has no target, metric or application.
	 */
	private List<Entity> whole(List<String> guids) {
		List<Entity> entities = new ArrayList<>(guids.size());
		ListUtils.partition(guids, NerdGraphClient.MAX_GUIDS).forEach(batch -> entities.addAll(client.entities(batch)));
		return entities;
	}

	private static boolean readable(Entity entity) {
		try {
			Entity.idOf(entity.guid());
			Entity.idOf(entity.applicationGuid());
			return entity.metricName() != null;
		}
		catch (IllegalArgumentException | NullPointerException ex) {
			log.warn("key transaction {} left out: its entity does not name its id, application and metric",
					entity.name());
			return false;
		}
	}

	static String apdexName(String metricName) {
		int slash = metricName.indexOf('/');
		return "Apdex/" + (slash < 0 ? metricName : metricName.substring(slash + 1));
	}

	static String errorsName(String metricName) {
		return "Errors/" + metricName;
	}

	/**
	 * The rows of the last 10 minutes by application and metric name.
	 * @throws PartNotFetched when a part could not be fetched: its summaries would read
	 * as key transactions without calls
	 */
	private Map<Long, Map<String, FacetRow>> rows(List<Entity> entities) {
		Set<Long> applications = new LinkedHashSet<>();
		Set<String> names = new LinkedHashSet<>();
		for (Entity entity : entities) {
			applications.add(Entity.idOf(entity.applicationGuid()));
			names.add(entity.metricName());
			names.add(apdexName(entity.metricName()));
			names.add(errorsName(entity.metricName()));
		}
		// asked as every section's query is, so that an answer the facet limit cut is
		// split and asked again
		Answer answer;
		try {
			answer = queries.askByName(Nrql.TIMING + ", " + Nrql.APDEX,
					new Part(List.copyOf(applications), List.copyOf(names)), BY_NAME, "SINCE 10 minutes ago");
		}
		catch (NerdGraphException.Transient ex) {
			throw new PartNotFetched(SUMMARIES, PartNotFetched.applicationIds(applications), ex);
		}
		List<Long> failed = applications.stream().filter(answer.failures()::containsKey).toList();
		if (!failed.isEmpty()) {
			throw new PartNotFetched(SUMMARIES, PartNotFetched.applicationIds(failed),
					answer.failures().get(failed.get(0)));
		}
		Map<Long, Map<String, FacetRow>> rows = new HashMap<>();
		answer.byApplication()
			.forEach((id, found) -> found
				.forEach(row -> rows.computeIfAbsent(id, application -> new HashMap<>()).put(row.facet(1), row)));
		return rows;
	}

	/**
	 * As REST's key transaction summary; {@code null} when its metric has no row.
	 * @throws PartNotFetched when its rows cannot be read
	 */
	private static ApplicationSummary summary(Entity entity, Map<String, FacetRow> rows) {
		FacetRow timing = rows.get(entity.metricName());
		if (timing == null) {
			return null;
		}
		try {
			MetricValues values = Snapshots.timing(timing);
			FacetRow errors = rows.get(errorsName(entity.metricName()));
			FacetRow apdex = rows.get(apdexName(entity.metricName()));
			Double errorRate = Formulas.errorRate(errors == null ? null : errors.number(Snapshots.CALLS),
					values.callCount(), null);
			return new ApplicationSummary(values.averageResponseTime(), values.requestsPerMinute(), errorRate,
					entity.apdexTarget(), apdex == null ? null : Formulas.apdexScore(Snapshots.apdex(apdex)), null,
					null);
		}
		catch (IllegalArgumentException ex) {
			throw new PartNotFetched("the 10-minute summary",
					"key transaction " + entity.name() + " of application " + Entity.idOf(entity.applicationGuid()),
					ChunkFigures.unreadable(ex));
		}
	}

}
