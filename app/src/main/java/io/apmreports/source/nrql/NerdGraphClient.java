package io.apmreports.source.nrql;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Semaphore;

import org.springframework.graphql.ResponseError;
import org.springframework.graphql.client.ClientGraphQlResponse;
import org.springframework.graphql.client.HttpSyncGraphQlClient;
import org.springframework.web.client.RestClient;

import io.apmreports.net.HttpClients;
import io.apmreports.net.Proxies;
import io.apmreports.source.RequestStats;
import io.apmreports.source.access.RequestPacer;
import io.apmreports.source.access.Retries;
import io.apmreports.source.access.RetryPolicy;

/**
 * The client of the NerdGraph documents the NRQL source sends: an NRQL query, an entity
 * search page (of applications, their tags or service levels), entities by guid, an
 * account's name. Every request is paced under the account's rate limit, at most
 * {@code concurrency} are in flight (a fair semaphore: the vendor refuses more than 25 at
 * once and advises about 5 faceted queries), each is counted, and transient failures are
 * tried again as the retry policy allows. The key goes only to the checked URL, in the
 * {@code API-Key} header.
 */
class NerdGraphClient {

	/** The GraphQL document that runs one NRQL query in the account. */
	static final String NRQL_DOCUMENT = """
			query($accountId: Int!, $nrql: Nrql!, $timeout: Seconds) {
			  actor { account(id: $accountId) { nrql(query: $nrql, timeout: $timeout) { results } } } }""";

	/** The GraphQL document that asks an account's name. */
	static final String ACCOUNT_DOCUMENT = """
			query($accountId: Int!) { actor { account(id: $accountId) { name } } }""";

	/** The GraphQL document of an entity search, one page a request. */
	static final String ENTITY_SEARCH_DOCUMENT = """
			query($query: String!, $cursor: String) {
			  actor { entitySearch(query: $query) { results(cursor: $cursor) { nextCursor entities {
			    guid name reporting alertSeverity
			    ... on ApmApplicationEntityOutline { applicationId language permalink }
			  } } } } }""";

	/**
	 * The GraphQL document that reads entities whole by guid: a key transaction's target,
	 * metric and application are fields of {@code KeyTransactionEntity} alone, not of the
	 * outline the search answers (the vendor's own example reads them so).
	 */
	static final String ENTITIES_DOCUMENT = """
			query($guids: [EntityGuid]!) {
			  actor { entities(guids: $guids) {
			    guid name reporting alertSeverity
			    ... on KeyTransactionEntity { apdexTarget metricName application { guid } }
			  } } }""";

	/**
	 * An entity search of service levels with each one's indicators: what they are about,
	 * when created, their objective and their own result queries.
	 */
	static final String SERVICE_LEVEL_SEARCH_DOCUMENT = """
			query($query: String!, $cursor: String) {
			  actor { entitySearch(query: $query) { results(cursor: $cursor) { nextCursor entities {
			    guid name accountId
			    ... on ExternalEntityOutline { serviceLevel { indicators {
			      id guid name description entityGuid createdAt
			      objectives { name target timeWindow { rolling { count unit } } }
			      resultQueries { indicator { nrql } goodEvents { nrql } validEvents { nrql } }
			    } } }
			  } } } } }""";

	/** The most guids one {@code actor.entities} call takes (the schema's own words). */
	static final int MAX_GUIDS = 25;

	/**
	 * An entity search that asks each application's tags too: what a report grouped by a
	 * tag needs, and no listing else pays for.
	 */
	static final String ENTITY_TAGS_DOCUMENT = """
			query($query: String!, $cursor: String) {
			  actor { entitySearch(query: $query) { results(cursor: $cursor) { nextCursor entities {
			    guid name
			    ... on ApmApplicationEntityOutline { applicationId tags { key values } }
			  } } } } }""";

	/**
	 * Every document the client sends: the tests hold each against the vendor's schema.
	 */
	static final List<String> DOCUMENTS = List.of(NRQL_DOCUMENT, ACCOUNT_DOCUMENT, ENTITY_SEARCH_DOCUMENT,
			ENTITY_TAGS_DOCUMENT, ENTITIES_DOCUMENT, SERVICE_LEVEL_SEARCH_DOCUMENT);

	private static final long MIN_TIMEOUT_SECONDS = 5;

	private static final long MAX_TIMEOUT_SECONDS = 120;

	private final HttpSyncGraphQlClient graphQl;

	private final NerdGraphEndpoint endpoint;

	private final Retries retries;

	private final RequestPacer pacer;

	private final Semaphore inFlight;

	private final Duration timeout;

	private final RequestStats stats;

	/**
	 * @param restClient the HTTP client, which must not follow redirects (see
	 * {@link #restClient})
	 * @param concurrency requests in flight at once
	 * @param timeout the query timeout sent with each NRQL query
	 */
	NerdGraphClient(RestClient restClient, NerdGraphEndpoint endpoint, RetryPolicy retryPolicy, RequestPacer pacer,
			int concurrency, Duration timeout) {
		this(HttpSyncGraphQlClient.builder(restClient)
			.url(endpoint.graphqlUrl())
			.header("API-Key", endpoint.apiKey().reveal())
			.build(), endpoint, new Retries(retryPolicy, pacer), pacer, new Semaphore(concurrency, true), timeout,
				new RequestStats());
	}

	private NerdGraphClient(HttpSyncGraphQlClient graphQl, NerdGraphEndpoint endpoint, Retries retries,
			RequestPacer pacer, Semaphore inFlight, Duration timeout, RequestStats stats) {
		this.graphQl = graphQl;
		this.endpoint = endpoint;
		this.retries = retries;
		this.pacer = pacer;
		this.inFlight = inFlight;
		this.timeout = timeout;
		this.stats = stats;
	}

	/**
	 * The same client running its NRQL queries in another account: one user key reads
	 * every account it may, under the one rate limit and the one count of requests in
	 * flight, as the service keeps them per user; its requests are counted apart, so that
	 * a run over several accounts adds each account's up.
	 */
	NerdGraphClient forAccount(long accountId) {
		if (accountId == endpoint.accountId()) {
			return this;
		}
		return new NerdGraphClient(graphQl, new NerdGraphEndpoint(endpoint.graphqlUrl(), endpoint.apiKey(), accountId),
				retries, pacer, inFlight, timeout, new RequestStats());
	}

	/**
	 * The same client running its NRQL queries in another account, its requests counted
	 * with this one's: what one source asks of the organisation's other accounts (the
	 * usage queries) adds up in that source's count.
	 */
	NerdGraphClient inAccount(long accountId) {
		if (accountId == endpoint.accountId()) {
			return this;
		}
		return new NerdGraphClient(graphQl, new NerdGraphEndpoint(endpoint.graphqlUrl(), endpoint.apiKey(), accountId),
				retries, pacer, inFlight, timeout, stats);
	}

	/**
	 * An HTTP client for NerdGraph, built as every other is (see {@link HttpClients}):
	 * timeouts, the proxy the settings name, and redirects never followed (a redirect
	 * would carry the key elsewhere).
	 */
	static RestClient restClient(RestClient.Builder builder, URI graphqlUrl, Duration connectTimeout,
			Duration readTimeout) {
		return restClient(builder, graphqlUrl, connectTimeout, readTimeout, Proxies.fromSystem());
	}

	/** The same through the proxies given: what a test points at a proxy of its own. */
	static RestClient restClient(RestClient.Builder builder, URI graphqlUrl, Duration connectTimeout,
			Duration readTimeout, Proxies proxies) {
		return HttpClients.restClient(builder, graphqlUrl.getScheme(), connectTimeout, readTimeout, proxies);
	}

	NerdGraphEndpoint endpoint() {
		return endpoint;
	}

	/** The requests this client made so far. */
	RequestStats stats() {
		return stats;
	}

	/**
	 * The rows of one NRQL query over the endpoint's account.
	 * @throws NerdGraphException.Rejected when the service did not take the query or its
	 * answer cannot be read: only what it was about fails
	 */
	List<Map<String, Object>> nrql(String nrql) {
		ClientGraphQlResponse response = execute("nrql", NRQL_DOCUMENT,
				Map.of("accountId", endpoint.accountId(), "nrql", nrql, "timeout", timeoutSeconds()));
		Object results = response.field("actor.account.nrql.results").getValue();
		if (!(results instanceof List<?> list)) {
			throw new NerdGraphException.Rejected("NRQL query: unreadable answer, no results list");
		}
		List<Map<String, Object>> rows = new ArrayList<>(list.size());
		for (Object row : list) {
			if (!(row instanceof Map<?, ?> map)) {
				throw new NerdGraphException.Rejected("NRQL query: unreadable answer, a result is not an object");
			}
			@SuppressWarnings("unchecked")
			Map<String, Object> typed = (Map<String, Object>) map;
			rows.add(typed);
		}
		return rows;
	}

	/**
	 * The query timeout in whole seconds within what NerdGraph's {@code nrql(timeout:)}
	 * takes, 5 to 120 (the vendor's Go client): a longer wait is the read timeout's.
	 */
	long timeoutSeconds() {
		return Math.min(MAX_TIMEOUT_SECONDS, Math.max(MIN_TIMEOUT_SECONDS, timeout.toSeconds()));
	}

	/**
	 * The name of an account the key reads.
	 * @throws NerdGraphException.Refused when the key may not read it
	 */
	Optional<String> accountName(long accountId) {
		ClientGraphQlResponse response = execute("account " + accountId, ACCOUNT_DOCUMENT,
				Map.of("accountId", accountId));
		return response.field("actor.account.name").getValue() instanceof String name ? Optional.of(name)
				: Optional.empty();
	}

	/** One page of an entity search; {@code cursor} is {@code null} for the first. */
	EntityPage entities(String query, String cursor) {
		return search(ENTITY_SEARCH_DOCUMENT, query, cursor);
	}

	/**
	 * Entities read whole by guid, at most {@link #MAX_GUIDS}; a guid the service does
	 * not know has none.
	 */
	List<Entity> entities(List<String> guids) {
		ClientGraphQlResponse response = execute("entities", ENTITIES_DOCUMENT, Map.of("guids", guids));
		return EntityPage.entities(response.field("actor.entities").getValue(), "entities");
	}

	/** One page of an entity search with each entity's tags. */
	EntityPage taggedEntities(String query, String cursor) {
		return search(ENTITY_TAGS_DOCUMENT, query, cursor);
	}

	/**
	 * One page of a search of service levels as answered, read by
	 * {@link ServiceLevelQueries}.
	 */
	Object serviceLevelPage(String query, String cursor) {
		return results(SERVICE_LEVEL_SEARCH_DOCUMENT, query, cursor);
	}

	private EntityPage search(String document, String query, String cursor) {
		return EntityPage.read(results(document, query, cursor));
	}

	private Object results(String document, String query, String cursor) {
		Map<String, Object> variables = new HashMap<>();
		variables.put("query", query);
		variables.put("cursor", cursor);
		return execute("entity-search", document, variables).field("actor.entitySearch.results").getValue();
	}

	/**
	 * One request, tried again on transient failures as the retry policy allows. It holds
	 * its place among those in flight until it is through: a request that failed keeps
	 * its turn in the pacer, and must not then wait for a place that those behind it
	 * hold.
	 */
	private ClientGraphQlResponse execute(String kind, String document, Map<String, Object> variables) {
		long askedAt = System.nanoTime();
		acquire(kind + " request");
		try {
			return retries.call(() -> pacer.send(askedAt, () -> executeOnce(kind, document, variables)),
					stats::countRetry, stats::countTooManyRequests);
		}
		finally {
			inFlight.release();
		}
	}

	private ClientGraphQlResponse executeOnce(String kind, String document, Map<String, Object> variables) {
		String request = kind + " request";
		String key = endpoint.apiKey().reveal();
		ClientGraphQlResponse response;
		try {
			stats.countAs(kind);
			response = graphQl.document(document).variables(variables).executeSync();
		}
		catch (RuntimeException ex) {
			throw NerdGraphErrors.transport(request, ex, key);
		}
		List<ResponseError> failures = NerdGraphErrors.failures(request, response.getErrors(), key);
		if (!failures.isEmpty()) {
			throw NerdGraphErrors.errors(request, failures, key);
		}
		return response;
	}

	private void acquire(String request) {
		try {
			inFlight.acquire();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new NerdGraphException.Transient(request + ": interrupted while waiting to be sent", null, false);
		}
	}

}
