package io.apmreports.sandbox;

import java.util.List;
import java.util.regex.Matcher;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Answers an application's metric names and its metric data. */
final class MetricRoutes {

	private static final JsonMapper JSON = Answer.JSON;

	private final AccountView view;

	private final Paging paging;

	private final MetricDataBodies metricData;

	MetricRoutes(AccountView view, Paging paging, MetricDataBodies metricData) {
		this.view = view;
		this.paging = paging;
		this.metricData = metricData;
	}

	Answer names(Matcher path, QueryParameters query) {
		SyntheticApplication app = view.visibleApplication(path.group(1));
		String name = query.first("name");
		List<String> names = app.metricNames().stream().filter(n -> name == null || n.contains(name)).sorted().toList();
		return paging.page(path.group(0), query, names, "metrics", metric -> {
			ObjectNode node = JSON.createObjectNode();
			node.put("name", metric);
			ArrayNode values = node.putArray("values");
			MetricFamily.of(metric).valueNames().forEach(values::add);
			return node;
		});
	}

	Answer data(Matcher path, QueryParameters query) {
		SyntheticApplication app = view.visibleApplication(path.group(1));
		return metricData.answer(app, app.hosts(), query);
	}

}
