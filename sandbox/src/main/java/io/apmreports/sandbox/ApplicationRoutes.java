package io.apmreports.sandbox;

import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Answers the applications list and one application. */
final class ApplicationRoutes {

	private static final JsonMapper JSON = Answer.JSON;

	private final AccountView view;

	private final Paging paging;

	private final List<SyntheticApplication> applicationsByName;

	ApplicationRoutes(AccountView view, Paging paging) {
		this.view = view;
		this.paging = paging;
		// Listed by name, never by id, so clients cannot rely on an id order.
		this.applicationsByName = view.account()
			.applications()
			.stream()
			.sorted(Comparator.comparing((SyntheticApplication a) -> a.name().toLowerCase(Locale.ROOT))
				.thenComparingLong(SyntheticApplication::id))
			.toList();
	}

	Answer list(Matcher path, QueryParameters query) {
		String name = query.first("filter[name]");
		String language = query.first("filter[language]");
		String host = query.first("filter[host]");
		Set<Long> ids = parseIds(query.first("filter[ids]", "filter[id]"));
		Predicate<SyntheticApplication> filter = app -> (name == null
				|| app.name().toLowerCase(Locale.ROOT).contains(name.toLowerCase(Locale.ROOT)))
				&& (language == null || app.language().equalsIgnoreCase(language))
				&& (ids == null || ids.contains(app.id()))
				&& (host == null || app.hosts().stream().anyMatch(h -> h.hostName().contains(host)));
		List<SyntheticApplication> matching = applicationsByName.stream().filter(filter).toList();
		return paging.page("/v2/applications.json", query, matching, "applications", this::json);
	}

	private static Set<Long> parseIds(String list) {
		if (list == null) {
			return null;
		}
		Set<Long> ids = new LinkedHashSet<>();
		for (String part : list.split(",")) {
			if (!part.isBlank()) {
				try {
					ids.add(Long.parseLong(part.strip()));
				}
				catch (NumberFormatException e) {
					throw ApiException.invalid("Invalid application id: " + part.strip());
				}
			}
		}
		return ids;
	}

	Answer one(Matcher path, QueryParameters query) {
		ObjectNode body = JSON.createObjectNode();
		body.set("application", json(view.visibleApplication(path.group(1))));
		return Answer.ok(body);
	}

	private ObjectNode json(SyntheticApplication app) {
		ObjectNode node = JSON.createObjectNode();
		node.put("id", app.id());
		node.put("name", app.name());
		node.put("language", app.language());
		node.put("health_status", app.healthStatus());
		node.put("reporting", app.reporting());
		if (app.reporting()) {
			node.put("last_reported_at", view.lastReportedAt(app.id()));
			// The real service leaves the summary out for applications that stopped
			// reporting.
			ObjectNode summary = view.summary(app, app.hosts());
			summary.put("host_count", app.hosts().size());
			summary.put("instance_count", app.instanceIds().size());
			summary.put("concurrent_instance_count", app.instanceIds().size());
			node.set("application_summary", summary);
		}
		ObjectNode settings = node.putObject("settings");
		settings.put("app_apdex_threshold", app.apdexThreshold());
		settings.put("end_user_apdex_threshold", 7.0);
		settings.put("enable_real_user_monitoring", app.reports("HttpDispatcher"));
		settings.put("use_server_side_config", false);
		ObjectNode links = node.putObject("links");
		ArrayNode instances = links.putArray("application_instances");
		app.currentInstanceIds().forEach(instances::add);
		ArrayNode hosts = links.putArray("application_hosts");
		app.currentHosts().forEach(h -> hosts.add(h.id()));
		ArrayNode servers = links.putArray("servers");
		app.currentHosts().forEach(h -> servers.add(AccountView.serverId(h)));
		if (!"unknown".equals(app.healthStatus())) {
			// "unknown" health means no alert policy, so there is no policy to link.
			links.put("alert_policy", 7000 + app.id() % 7);
		}
		return node;
	}

}
