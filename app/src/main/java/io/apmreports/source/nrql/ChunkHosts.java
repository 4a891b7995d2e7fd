package io.apmreports.source.nrql;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongFunction;

import io.apmreports.formula.MetricNames;
import io.apmreports.formula.MetricSnapshot;
import io.apmreports.formula.MetricValues;
import io.apmreports.range.TimeRange;
import io.apmreports.source.FigureStatus;
import io.apmreports.source.Figuring;
import io.apmreports.source.HostFigures;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.nrql.FacetQueries.Answer;
import io.apmreports.source.nrql.FacetQueries.Part;

/**
 * The hosts' figures of a part of a chunk in one query faceted by application, host and
 * metric name. NRQL knows no application-host id: each application's hosts are numbered
 * 1, 2, ... in the order of their names, case-insensitive, so the ids hold within a run
 * but are not REST's host ids.
 */
final class ChunkHosts {

	private static final List<String> BY_HOST = List.of(Nrql.APP_ID, Nrql.HOST, Nrql.NAME);

	/** Host names in order: case-insensitive, then as written, so the order is total. */
	static final Comparator<String> HOST_ORDER = String.CASE_INSENSITIVE_ORDER.thenComparing(Comparator.naturalOrder());

	private final FacetQueries queries;

	private final Figuring figuring;

	private final MetricNames names;

	private final List<String> datastoreTypes;

	ChunkHosts(FacetQueries queries, Figuring figuring, MetricNames names, List<String> datastoreTypes) {
		this.queries = queries;
		this.figuring = figuring;
		this.names = names;
		this.datastoreTypes = List.copyOf(datastoreTypes);
	}

	/** The timing family an application's hosts are asked for. */
	List<String> namesOf(StagedApplication application, LongFunction<List<String>> figuredTypes) {
		Set<String> types = new TreeSet<>(datastoreTypes);
		types.addAll(figuredTypes.apply(application.id()));
		return names.timingFamily(types);
	}

	List<HostFigures> hosts(List<StagedApplication> applications, TimeRange range,
			LongFunction<List<String>> figuredTypes) {
		Map<Long, List<String>> namesOf = new LinkedHashMap<>();
		applications.forEach(application -> namesOf.put(application.id(), namesOf(application, figuredTypes)));
		Set<String> asked = new TreeSet<>();
		namesOf.values().forEach(asked::addAll);
		Answer answer = queries.askByName(Nrql.TIMING, new Part(List.copyOf(namesOf.keySet()), List.copyOf(asked)),
				BY_HOST, Nrql.window(range));
		Map<Long, List<FacetRow>> rows = answer.byApplication();
		List<HostFigures> figures = new ArrayList<>();
		for (StagedApplication application : applications) {
			String failure = answer.failures().get(application.id());
			if (failure != null) {
				figures.add(Figuring.hostsNot(application.id(), FigureStatus.FAILED, failure));
				continue;
			}
			try {
				figures.addAll(hostsOf(application, rows.getOrDefault(application.id(), List.of()),
						Set.copyOf(namesOf.get(application.id()))));
			}
			catch (IllegalArgumentException ex) {
				figures.add(Figuring.hostsNot(application.id(), FigureStatus.FAILED, ChunkFigures.unreadable(ex)));
			}
		}
		return figures;
	}

	private List<HostFigures> hostsOf(StagedApplication application, List<FacetRow> rows, Set<String> ownNames) {
		Map<String, List<FacetRow>> byHost = new TreeMap<>(HOST_ORDER);
		rows.forEach(row -> byHost.computeIfAbsent(row.facet(1), host -> new ArrayList<>()).add(row));
		if (byHost.isEmpty()) {
			return List.of(Figuring.noHosts(application.id()));
		}
		List<HostFigures> figures = new ArrayList<>(byHost.size());
		long hostId = 1;
		for (Map.Entry<String, List<FacetRow>> host : byHost.entrySet()) {
			Map<String, MetricValues> metrics = new HashMap<>();
			Snapshots.by(host.getValue(), 2).forEach((name, row) -> {
				// another application's types were asked for too: its own only, so that
				// the hosts add up to their application
				if (ownNames.contains(name)) {
					metrics.put(name, Snapshots.timing(row));
				}
			});
			figures.add(figuring.host(application.id(), hostId++, host.getKey(), application.language(),
					new MetricSnapshot(metrics)));
		}
		return figures;
	}

}
