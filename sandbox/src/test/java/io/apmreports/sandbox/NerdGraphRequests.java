package io.apmreports.sandbox;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Raw HTTP to a sandbox's two faces, for the NerdGraph tests. */
final class NerdGraphRequests {

	static final String NRQL_DOCUMENT = "query($accountId: Int!, $nrql: Nrql!, $timeout: Seconds) { actor { "
			+ "account(id: $accountId) { nrql(query: $nrql, timeout: $timeout) { results } } } }";

	static final String ENTITY_DOCUMENT = "query($query: String!, $cursor: String) { actor { entitySearch(query: "
			+ "$query) { results(cursor: $cursor) { nextCursor entities { guid name reporting alertSeverity "
			+ "... on ApmApplicationEntityOutline { applicationId language } } } } } }";

	static final String ENTITIES_DOCUMENT = "query($guids: [EntityGuid]!) { actor { entities(guids: $guids) { "
			+ "guid name ... on KeyTransactionEntity { apdexTarget metricName application { guid } } } } }";

	static final JsonMapper JSON = JsonMapper.builder().build();

	private final SandboxServer server;

	private final String key;

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	NerdGraphRequests(SandboxServer server, String key) {
		this.server = server;
		this.key = key;
	}

	HttpRequest request(String document, Map<String, Object> variables, String apiKey) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("query", document);
		body.put("variables", variables);
		HttpRequest.Builder builder = HttpRequest.newBuilder(server.graphqlUrl())
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
		if (apiKey != null) {
			builder.header("API-Key", apiKey);
		}
		return builder.build();
	}

	HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
		return http.send(request, HttpResponse.BodyHandlers.ofString());
	}

	CompletableFuture<HttpResponse<String>> sendAsync(HttpRequest request) {
		return http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
	}

	/**
	 * A row's facet values as text, in the query's FACET order: {@code facet} holds one
	 * value, or a list of them when the query names several attributes.
	 */
	static List<String> facets(JsonNode row) {
		JsonNode facet = row.path("facet");
		List<String> values = new ArrayList<>();
		if (facet.isArray()) {
			facet.forEach(value -> values.add(value.asString()));
		}
		else if (!facet.isMissingNode()) {
			values.add(facet.asString());
		}
		return values;
	}

	/** The whole answer to a document. */
	JsonNode post(String document, Map<String, Object> variables) throws IOException, InterruptedException {
		HttpResponse<String> response = send(request(document, variables, key));
		if (response.statusCode() != 200) {
			throw new IllegalStateException("HTTP " + response.statusCode() + ": " + response.body());
		}
		return JSON.readTree(response.body());
	}

	/**
	 * Every page of an entity search, following {@code nextCursor} to the end: each
	 * page's {@code results}.
	 */
	List<JsonNode> searchPages(String document, String query) throws IOException, InterruptedException {
		List<JsonNode> pages = new ArrayList<>();
		String cursor = null;
		do {
			Map<String, Object> variables = new HashMap<>();
			variables.put("query", query);
			variables.put("cursor", cursor);
			JsonNode results = post(document, variables).path("data")
				.path("actor")
				.path("entitySearch")
				.path("results");
			pages.add(results);
			cursor = results.path("nextCursor").isNull() ? null : results.path("nextCursor").asString();
		}
		while (cursor != null);
		return pages;
	}

	/** The whole answer to an NRQL query for the sandbox's account. */
	JsonNode nrqlAnswer(String nrql) throws IOException, InterruptedException {
		return nrqlAnswer(server.options().accountId(), nrql);
	}

	JsonNode nrqlAnswer(long accountId, String nrql) throws IOException, InterruptedException {
		return post(NRQL_DOCUMENT, Map.of("accountId", accountId, "nrql", nrql, "timeout", 60));
	}

	/** The results of an NRQL query that must succeed. */
	JsonNode results(String nrql) throws IOException, InterruptedException {
		JsonNode answer = nrqlAnswer(nrql);
		if (answer.has("errors")) {
			throw new IllegalStateException("errors: " + answer.get("errors"));
		}
		return answer.path("data").path("actor").path("account").path("nrql").path("results");
	}

	/** A REST GET's JSON. */
	JsonNode rest(String pathAndQuery) throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(URI.create(server.baseUrl() + pathAndQuery))
			.header("X-Api-Key", key)
			.build();
		HttpResponse<String> response = send(request);
		if (response.statusCode() != 200) {
			throw new IllegalStateException("HTTP " + response.statusCode() + ": " + response.body());
		}
		return JSON.readTree(response.body());
	}

	static String errorClass(JsonNode answer) {
		return answer.path("errors").path(0).path("extensions").path("errorClass").asString();
	}

}
