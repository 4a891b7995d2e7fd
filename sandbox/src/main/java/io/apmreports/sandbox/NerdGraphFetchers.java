package io.apmreports.sandbox;

import java.time.Clock;
import java.util.Map;

import graphql.schema.DataFetchingEnvironment;

/**
 * The resolvers of the NerdGraph subset: the account's NRQL (after the account check, the
 * rate limit and a fault the request may carry) and the entity search.
 */
final class NerdGraphFetchers {

	/** The context key of the error class a fault puts on the request, if any. */
	static final String FAULT = "sandbox.fault";

	private final long accountId;

	private final NrqlEvaluator evaluator;

	private final SlidingWindow rateLimit;

	private final NerdGraphEntities entities;

	private final Clock clock;

	NerdGraphFetchers(long accountId, NrqlEvaluator evaluator, SlidingWindow rateLimit, NerdGraphEntities entities,
			Clock clock) {
		this.accountId = accountId;
		this.evaluator = evaluator;
		this.rateLimit = rateLimit;
		this.entities = entities;
		this.clock = clock;
	}

	Object account(DataFetchingEnvironment env) {
		return Map.of("id", env.getArgument("id"));
	}

	Object nrql(DataFetchingEnvironment env) {
		Map<String, Object> account = env.getSource();
		long id = ((Number) account.get("id")).longValue();
		if (id != accountId) {
			return NerdGraphErrorAnswers.fail(env, NerdGraphErrorAnswers.FORBIDDEN,
					"Access denied: the key cannot read account " + id);
		}
		if (rateLimit.admit() >= 0) {
			return NerdGraphErrorAnswers.fail(env, NerdGraphErrorAnswers.TOO_MANY_REQUESTS,
					"Too many NRQL queries: at most " + rateLimit.perMinute() + " a minute per account");
		}
		String fault = env.getGraphQlContext().get(FAULT);
		if (fault != null) {
			return NerdGraphErrorAnswers.fault(env, fault);
		}
		try {
			NrqlQuery query = NrqlParser.parse(env.getArgument("query"));
			return Map.of("results", evaluator.run(query, clock.millis()));
		}
		catch (NrqlException e) {
			return NerdGraphErrorAnswers.fail(env, NerdGraphErrorAnswers.INVALID_INPUT,
					"Invalid NRQL: " + e.getMessage());
		}
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

	Object results(DataFetchingEnvironment env) {
		try {
			return entities.page(env.getSource(), env.getArgument("cursor"));
		}
		catch (NrqlException e) {
			return NerdGraphErrorAnswers.fail(env, NerdGraphErrorAnswers.INVALID_INPUT, e.getMessage());
		}
	}

}
