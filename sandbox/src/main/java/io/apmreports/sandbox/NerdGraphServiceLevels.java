package io.apmreports.sandbox;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The demo's service levels as NerdGraph shows them: entities of domain {@code EXT} and
 * type {@code SERVICE_LEVEL} ({@code ExternalEntityOutline} in a search,
 * {@code ExternalEntity} by guid), each with its {@code serviceLevel.indicators}; an
 * application read by guid lists the levels about it the same way. Built at each request
 * from the clock, as the levels' creation times are told relative to the current month.
 */
final class NerdGraphServiceLevels {

	static final String DOMAIN = "EXT";

	static final String TYPE = "SERVICE_LEVEL";

	private NerdGraphServiceLevels() {
	}

	/** The search outlines of the levels of these accounts. */
	static List<Map<String, Object>> outlines(List<Long> accountIds, Instant now) {
		List<Map<String, Object>> outlines = new ArrayList<>();
		for (long accountId : accountIds) {
			for (SandboxServiceLevels.Demo demo : SandboxServiceLevels.demos(accountId)) {
				outlines.add(entity(demo, now, "ExternalEntityOutline"));
			}
		}
		return outlines;
	}

	/** The level of this guid read whole, if the sandbox has it. */
	static Optional<Map<String, Object>> entity(String guid, List<Long> accountIds, Instant now) {
		return SandboxServiceLevels.demo(guid)
			.filter(demo -> accountIds.contains(demo.accountId()))
			.map(demo -> entity(demo, now, "ExternalEntity"));
	}

	/** The levels about an application, as its {@code serviceLevel}. */
	static Map<String, Object> ofApplication(long accountId, String applicationGuid, Instant now) {
		return Map.of("indicators",
				SandboxServiceLevels.demos(accountId)
					.stream()
					.filter(demo -> applicationGuid(demo).equals(applicationGuid))
					.map(demo -> indicator(demo, now))
					.toList());
	}

	private static Map<String, Object> entity(SandboxServiceLevels.Demo demo, Instant now, String type) {
		Map<String, Object> entity = new LinkedHashMap<>();
		entity.put("guid", demo.guid());
		entity.put("name", demo.name());
		entity.put("reporting", true);
		entity.put("alertSeverity", "NOT_CONFIGURED");
		entity.put("accountId", demo.accountId());
		entity.put("domain", DOMAIN);
		entity.put("type", TYPE);
		entity.put("permalink", NerdGraphEntities.PERMALINK + demo.guid());
		entity.put("serviceLevel", Map.of("indicators", List.of(indicator(demo, now))));
		entity.put(NerdGraphSchema.TYPE, type);
		return entity;
	}

	private static String applicationGuid(SandboxServiceLevels.Demo demo) {
		return NerdGraphEntities.guid(demo.accountId(), NerdGraphEntityQuery.APPLICATION, demo.applicationId());
	}

	/**
	 * One {@code ServiceLevelIndicator}, with the result queries the vendor writes for
	 * it.
	 */
	private static Map<String, Object> indicator(SandboxServiceLevels.Demo demo, Instant now) {
		String where = "entity.guid = '" + demo.guid() + "'";
		Map<String, Object> indicator = new LinkedHashMap<>();
		indicator.put("id", Long.toString(demo.id()));
		indicator.put("guid", demo.guid());
		indicator.put("name", demo.name());
		indicator.put("slug", demo.name().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_"));
		indicator.put("description", "Share of " + demo.applicationName() + "'s requests that went well");
		indicator.put("entityGuid", applicationGuid(demo));
		indicator.put("createdAt", demo.createdAt(now).toEpochMilli());
		indicator.put("events", events(demo));
		indicator.put("objectives", List.of(objective(demo, where)));
		indicator.put("resultQueries",
				Map.of("indicator",
						nrql("SELECT clamp_max(sum(newrelic.sli.good) / sum(newrelic.sli.valid) * 100, 100) AS 'SLI' "
								+ "FROM Metric WHERE " + where + " UNTIL 2 minutes AGO"),
						"goodEvents", nrql("SELECT sum(newrelic.sli.good) FROM Metric WHERE " + where), "validEvents",
						nrql("SELECT sum(newrelic.sli.valid) FROM Metric WHERE " + where)));
		return indicator;
	}

	private static Map<String, Object> objective(SandboxServiceLevels.Demo demo, String where) {
		Map<String, Object> objective = new LinkedHashMap<>();
		objective.put("name", demo.targetPct() + "% over " + demo.windowDays() + " days");
		objective.put("description", null);
		objective.put("target", demo.targetPct());
		objective.put("timeWindow", Map.of("rolling", Map.of("count", demo.windowDays(), "unit", "DAY")));
		objective.put("resultQueries",
				Map.of("attainment",
						nrql("SELECT clamp_max(sum(newrelic.sli.good) / sum(newrelic.sli.valid) * 100, 100) AS 'SLO' "
								+ "FROM Metric WHERE " + where + " SINCE " + demo.windowDays() + " days ago")));
		return objective;
	}

	/**
	 * What the level counts: the application's web transactions, the bad ones its errors.
	 */
	private static Map<String, Object> events(SandboxServiceLevels.Demo demo) {
		String app = "appName = '" + demo.applicationName() + "'";
		Map<String, Object> events = new LinkedHashMap<>();
		events.put("account", Map.of("id", demo.accountId()));
		events.put("validEvents", query("Transaction", app + " AND transactionType = 'Web'"));
		events.put("goodEvents", null);
		events.put("badEvents", query("TransactionError", app + " AND error.expected IS FALSE"));
		return events;
	}

	private static Map<String, Object> query(String from, String where) {
		Map<String, Object> query = new LinkedHashMap<>();
		query.put("from", from);
		query.put("where", where);
		query.put("select", Map.of("function", "COUNT"));
		return query;
	}

	private static Map<String, Object> nrql(String text) {
		return Map.of("nrql", text);
	}

}
