package io.apmreports.sandbox;

import java.time.Clock;
import java.util.List;
import java.util.Map;

import graphql.schema.DataFetchingEnvironment;

/**
 * The fields of the vendor's schema the sandbox answers: the account's NRQL over
 * timeslice metrics or over events (usage, byte counts) (after the account check, the
 * rate limit, and a fault or refusal the request may carry), the entity search, and
 * entities read whole by guid.
 */
final class NerdGraphFetchers {

	/** The context key of the error class a fault puts on the request, if any. */
	static final String FAULT = "sandbox.fault";

	/** The most guids {@code actor.entities} takes, as the schema's description says. */
	static final int MAX_GUIDS = 25;

	/** The context key of the refused text an NRQL query contains, if any. */
	static final String REFUSED = "sandbox.refused";

	/**
	 * What the key reads of one account: its name, its NRQL and that NRQL's rate limit.
	 */
	record AccountFace(String name, NrqlEvaluator evaluator, EventEvaluator events, SliEvaluator serviceLevels,
			SlidingWindow rateLimit) {
	}

	private final Map<Long, AccountFace> readable;

	private final NerdGraphEntities entities;

	private final Clock clock;

	NerdGraphFetchers(Map<Long, AccountFace> readable, NerdGraphEntities entities, Clock clock) {
		this.readable = readable;
		this.entities = entities;
		this.clock = clock;
	}

	/**
	 * An account by id, whichever it is: its {@code name} and {@code nrql} answer
	 * {@code FORBIDDEN} for one the key cannot read, as the real service does both for
	 * another organisation's account and for one that does not exist.
	 */
	Object account(DataFetchingEnvironment env) {
		long id = ((Number) env.getArgument("id")).longValue();
		return Map.of("id", id);
	}

	/** The accounts the key reads, by id. */
	Object accounts(DataFetchingEnvironment env) {
		return readable.entrySet().stream().map(e -> Map.of("id", e.getKey(), "name", e.getValue().name())).toList();
	}

	Object name(DataFetchingEnvironment env) {
		Map<String, Object> account = env.getSource();
		long id = ((Number) account.get("id")).longValue();
		AccountFace face = readable.get(id);
		if (face == null) {
			return denied(env, id);
		}
		return face.name();
	}

	private static Object denied(DataFetchingEnvironment env, long id) {
		return NerdGraphErrorAnswers.fail(env, NerdGraphErrorAnswers.FORBIDDEN,
				"Access denied: the key cannot read account " + id);
	}

	Object nrql(DataFetchingEnvironment env) {
		Map<String, Object> account = env.getSource();
		long id = ((Number) account.get("id")).longValue();
		AccountFace face = readable.get(id);
		if (face == null) {
			return denied(env, id);
		}
		if (face.rateLimit().admit() >= 0) {
			return NerdGraphErrorAnswers.fail(env, NerdGraphErrorAnswers.TOO_MANY_REQUESTS,
					"Too many NRQL queries: at most " + face.rateLimit().perMinute() + " a minute per account");
		}
		String fault = env.getGraphQlContext().get(FAULT);
		if (fault != null) {
			return NerdGraphErrorAnswers.fault(env, fault);
		}
		String refused = env.getGraphQlContext().get(REFUSED);
		if (refused != null) {
			return NerdGraphErrorAnswers.fail(env, NerdGraphErrorAnswers.INVALID_INPUT,
					"Query refused: it contains '" + refused + "' (fault refuse-nrql)");
		}
		try {
			Object query = NrqlStatement.parse(env.getArgument("query"));
			return Map.of("results", run(face, query));
		}
		catch (NrqlException e) {
			return NerdGraphErrorAnswers.fail(env, NerdGraphErrorAnswers.INVALID_INPUT,
					"Invalid NRQL: " + e.getMessage());
		}
	}

	private List<Map<String, Object>> run(AccountFace face, Object query) {
		if (query instanceof EventQuery events) {
			return face.events().run(events, clock.millis());
		}
		if (query instanceof SliQuery levels) {
			return face.serviceLevels().run(levels, clock.millis());
		}
		return face.evaluator().run((NrqlQuery) query, clock.millis());
	}

	Object entitySearch(DataFetchingEnvironment env) {
		String fault = env.getGraphQlContext().get(FAULT);
		if (fault != null) {
			return NerdGraphErrorAnswers.fault(env, fault);
		}
		try {
			return NerdGraphEntityQuery.parse(env.getArgument("query"));
		}
		catch (NrqlException e) {
			return NerdGraphErrorAnswers.fail(env, NerdGraphErrorAnswers.INVALID_INPUT,
					"Invalid entity search: " + e.getMessage());
		}
	}

	/**
	 * Entities by guid, whole ({@code KeyTransactionEntity} with its Apdex target, metric
	 * and application); the schema allows at most 25 guids a call.
	 */
	Object entities(DataFetchingEnvironment env) {
		String fault = env.getGraphQlContext().get(FAULT);
		if (fault != null) {
			return NerdGraphErrorAnswers.fault(env, fault);
		}
		List<String> guids = env.getArgument("guids");
		if (guids.size() > MAX_GUIDS) {
			return NerdGraphErrorAnswers.fail(env, NerdGraphErrorAnswers.INVALID_INPUT,
					"You can fetch a max of " + MAX_GUIDS + " entities in one query, not " + guids.size());
		}
		return entities.entities(guids);
	}

	/**
	 * One entity by guid, whole: an application or a service level (with its
	 * {@code serviceLevel}), null for a guid the sandbox does not know.
	 */
	Object entity(DataFetchingEnvironment env) {
		String fault = env.getGraphQlContext().get(FAULT);
		if (fault != null) {
			return NerdGraphErrorAnswers.fault(env, fault);
		}
		List<Map<String, Object>> found = entities.entities(List.of((String) env.getArgument("guid")));
		return found.isEmpty() ? null : found.get(0);
	}

	Object results(DataFetchingEnvironment env) {
		try {
			return entities.page(env.getSource(), env.getArgument("cursor"));
		}
		catch (NrqlException e) {
			return NerdGraphErrorAnswers.fail(env, NerdGraphErrorAnswers.INVALID_INPUT, e.getMessage());
		}
	}

}
