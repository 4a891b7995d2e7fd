package io.apmreports.sandbox;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The account as every resource of the API shows it: which applications a caller may see,
 * their rolling summaries and when they last reported.
 */
final class AccountView {

	private static final JsonMapper JSON = Answer.JSON;

	private final SyntheticAccount account;

	private final Set<Long> vanishedApplicationIds;

	private final Clock clock;

	AccountView(SyntheticAccount account, Set<Long> vanishedApplicationIds, Clock clock) {
		this.account = account;
		this.vanishedApplicationIds = vanishedApplicationIds;
		this.clock = clock;
	}

	SyntheticAccount account() {
		return account;
	}

	Clock clock() {
		return clock;
	}

	/**
	 * The application of a path's id; a vanished one answers 404 as if it were never
	 * there.
	 */
	SyntheticApplication visibleApplication(String id) {
		long applicationId = parseId(id);
		if (vanishedApplicationIds.contains(applicationId)) {
			throw ApiException.notFound("No Application found with ID " + id);
		}
		return account.application(applicationId)
			.orElseThrow(() -> ApiException.notFound("No Application found with ID " + id));
	}

	static long parseId(String id) {
		try {
			return Long.parseLong(id);
		}
		catch (NumberFormatException e) {
			throw ApiException.notFound("No resource with ID " + id);
		}
	}

	/** The id of the server a host's links point to. */
	static long serverId(SyntheticHost host) {
		return 9_000_000_000L + host.id();
	}

	String lastReportedAt(long id) {
		Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
		return ApiTimes.format(now.minusSeconds(Math.floorMod(Hashing.hash(id, 0, 41, 0), 90)));
	}

	/** Rolling summary of the last three minutes, as the real summaries are. */
	ObjectNode summary(SyntheticApplication app, List<SyntheticHost> hosts) {
		AppModel model = account.model(app.id());
		long now = clock.instant().getEpochSecond() / 60;
		long from = now - 3;
		boolean web = app.reports("HttpDispatcher");
		Aggregate traffic = SyntheticAccount.aggregate(model, hosts, web ? "HttpDispatcher" : "OtherTransaction/all",
				from, now);
		Aggregate all = new Aggregate();
		all.add(traffic);
		if (web && app.reports("OtherTransaction/all")) {
			all.add(SyntheticAccount.aggregate(model, hosts, "OtherTransaction/all", from, now));
		}
		Aggregate errors = SyntheticAccount.aggregate(model, hosts, "Errors/all", from, now);
		Aggregate apdex = SyntheticAccount.aggregate(model, hosts, "Apdex", from, now);
		ObjectNode summary = JSON.createObjectNode();
		summary.put("response_time", round(traffic.averageMs(), 1));
		summary.put("throughput", round(traffic.calls / 3.0, 1));
		summary.put("error_rate", all.calls == 0 ? 0 : round((double) errors.errors / all.calls, 4));
		summary.put("apdex_target", app.apdexThreshold());
		summary.put("apdex_score", apdex.apdexCount() == 0 ? 1.0 : round(apdex.apdexScore(), 2));
		return summary;
	}

	static double round(double value, int decimals) {
		double scale = Math.pow(10, decimals);
		return Math.round(value * scale) / scale;
	}

}
