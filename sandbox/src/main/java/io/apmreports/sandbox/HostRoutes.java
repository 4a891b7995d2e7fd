package io.apmreports.sandbox;

import java.util.List;
import java.util.regex.Matcher;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Answers an application's hosts, its instances and the metric data of one host. */
final class HostRoutes {

	private static final JsonMapper JSON = Answer.JSON;

	private final AccountView view;

	private final Paging paging;

	private final MetricDataBodies metricData;

	HostRoutes(AccountView view, Paging paging, MetricDataBodies metricData) {
		this.view = view;
		this.paging = paging;
		this.metricData = metricData;
	}

	Answer hosts(Matcher path, QueryParameters query) {
		SyntheticApplication app = view.visibleApplication(path.group(1));
		return paging.page(path.group(0), query, app.currentHosts(), "application_hosts", host -> {
			int index = app.hosts().indexOf(host);
			ObjectNode node = JSON.createObjectNode();
			node.put("id", host.id());
			node.put("application_name", app.name());
			node.put("host", host.hostName());
			node.put("language", app.language());
			node.put("health_status", app.healthStatus());
			ObjectNode summary = view.summary(app, List.of(host));
			summary.put("instance_count", 1);
			node.set("application_summary", summary);
			ObjectNode links = node.putObject("links");
			links.put("application", app.id());
			links.putArray("application_instances").add(app.instanceIds().get(index));
			links.put("server", AccountView.serverId(host));
			return node;
		});
	}

	Answer instances(Matcher path, QueryParameters query) {
		SyntheticApplication app = view.visibleApplication(path.group(1));
		return paging.page(path.group(0), query, app.currentInstanceIds(), "application_instances", instanceId -> {
			SyntheticHost host = app.hosts().get(app.instanceIds().indexOf(instanceId));
			ObjectNode node = JSON.createObjectNode();
			node.put("id", instanceId);
			node.put("application_name", app.name());
			node.put("host", host.hostName());
			node.put("port", 8080);
			node.put("language", app.language());
			node.put("health_status", app.healthStatus());
			node.set("application_summary", view.summary(app, List.of(host)));
			ObjectNode links = node.putObject("links");
			links.put("application", app.id());
			links.put("application_host", host.id());
			links.put("server", AccountView.serverId(host));
			return node;
		});
	}

	Answer metricData(Matcher path, QueryParameters query) {
		SyntheticApplication app = view.visibleApplication(path.group(1));
		long hostId = AccountView.parseId(path.group(2));
		SyntheticHost host = app.currentHosts()
			.stream()
			.filter(h -> h.id() == hostId)
			.findFirst()
			.orElseThrow(() -> ApiException.notFound("No Host found with ID " + hostId));
		return metricData.answer(app, List.of(host), query);
	}

}
