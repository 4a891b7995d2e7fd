package io.apmreports.sandbox;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Answers the key transactions list and one key transaction. */
final class KeyTransactionRoutes {

	private static final JsonMapper JSON = Answer.JSON;

	private final AccountView view;

	private final Paging paging;

	KeyTransactionRoutes(AccountView view, Paging paging) {
		this.view = view;
		this.paging = paging;
	}

	Answer list(Matcher path, QueryParameters query) {
		String name = query.first("filter[name]");
		List<SyntheticKeyTransaction> matching = view.account()
			.keyTransactions()
			.stream()
			.filter(kt -> name == null || kt.name().toLowerCase(Locale.ROOT).contains(name.toLowerCase(Locale.ROOT)))
			.sorted(Comparator.comparing(SyntheticKeyTransaction::name))
			.toList();
		return paging.page("/v2/key_transactions.json", query, matching, "key_transactions", this::json);
	}

	Answer one(Matcher path, QueryParameters query) {
		long id = AccountView.parseId(path.group(1));
		SyntheticKeyTransaction kt = view.account()
			.keyTransactions()
			.stream()
			.filter(k -> k.id() == id)
			.findFirst()
			.orElseThrow(() -> ApiException.notFound("No Key Transaction found with ID " + id));
		ObjectNode body = JSON.createObjectNode();
		body.set("key_transaction", json(kt));
		body.putObject("links").put("key_transaction.application", "/v2/applications/{application_id}");
		return Answer.ok(body);
	}

	private ObjectNode json(SyntheticKeyTransaction kt) {
		ObjectNode node = JSON.createObjectNode();
		node.put("id", kt.id());
		node.put("name", kt.name());
		node.put("transaction_name", kt.transactionName());
		node.put("health_status", kt.healthStatus());
		node.put("reporting", kt.reporting());
		SyntheticApplication app = view.account().application(kt.applicationId()).orElse(null);
		if (kt.reporting() && app != null && app.reporting()) {
			node.put("last_reported_at", view.lastReportedAt(kt.id()));
			ObjectNode appSummary = view.summary(app, app.hosts());
			// A key transaction is a slice of its application: slower or faster, and a
			// share of the traffic.
			double u = Hashing.unit(kt.id(), 0, 51, 0);
			ObjectNode summary = node.putObject("application_summary");
			summary.put("response_time",
					AccountView.round(appSummary.get("response_time").asDouble() * (0.6 + 0.9 * u), 1));
			summary.put("throughput", AccountView.round(appSummary.get("throughput").asDouble() * (0.05 + 0.3 * u), 1));
			summary.put("error_rate", appSummary.get("error_rate").asDouble());
			summary.put("apdex_target", app.apdexThreshold());
			summary.put("apdex_score", appSummary.get("apdex_score").asDouble());
		}
		node.putObject("links").put("application", kt.applicationId());
		return node;
	}

}
