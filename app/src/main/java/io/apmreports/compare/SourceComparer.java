package io.apmreports.compare;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.apache.commons.collections4.ListUtils;
import org.springframework.stereotype.Component;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.Section;
import io.apmreports.definition.SourceKind;
import io.apmreports.formula.Breakdown;
import io.apmreports.formula.FigureColumn;
import io.apmreports.failure.UserFacingException;
import io.apmreports.job.ReportProperties;
import io.apmreports.range.TimeRange;
import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.ConfiguredAccount;
import io.apmreports.source.FigureSource;
import io.apmreports.source.FigureSources;
import io.apmreports.source.HostFigures;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.TrendSlice;

/**
 * Asks both sources for what a report shows, a chunk of applications at a time as a run
 * does, and compares it value by value: the listing, the figures of the range (and of the
 * previous one for a report with the comparison), the hosts (by name: their ids are each
 * source's own) and the series. Key transactions are left out: each source tells them as
 * they are at the moment it is asked.
 */
@Component
public class SourceComparer {

	private final FigureSources sources;

	private final int chunkSize;

	private final ConfiguredAccount configured;

	SourceComparer(FigureSources sources, ReportProperties properties, ConfiguredAccount configured) {
		this.sources = sources;
		this.configured = configured;
		this.chunkSize = properties.chunkSize();
	}

	/** Compares what both sources give for {@code definition} over {@code range}. */
	public Comparison compare(ReportDefinition definition, TimeRange range, double tolerance) {
		if (configured.ids().size() > 1) {
			throw new UserFacingException("compare-sources reads one account: give one id with --apm.account-id");
		}
		return compare(sources.of(SourceKind.REST), sources.of(SourceKind.NRQL), definition, range, tolerance);
	}

	Comparison compare(FigureSource rest, FigureSource nrql, ReportDefinition definition, TimeRange range,
			double tolerance) {
		Comparison comparison = new Comparison(tolerance);
		Map<Long, StagedApplication> restApps = listed(rest, definition);
		Map<Long, StagedApplication> nrqlApps = listed(nrql, definition);
		List<StagedApplication> both = new ArrayList<>();
		for (Long id : union(restApps, nrqlApps)) {
			StagedApplication r = restApps.get(id);
			StagedApplication n = nrqlApps.get(id);
			if (r == null || n == null) {
				comparison.text(id, (r != null ? r : n).name(), "listed", r != null, n != null);
				continue;
			}
			listing(comparison, r, n);
			both.add(r);
		}
		for (List<StagedApplication> chunk : ListUtils.partition(both, chunkSize)) {
			chunk(comparison, definition, range, chunk, rest, nrql);
		}
		return comparison;
	}

	private void chunk(Comparison comparison, ReportDefinition definition, TimeRange range,
			List<StagedApplication> chunk, FigureSource rest, FigureSource nrql) {
		Map<Long, String> names = chunk.stream()
			.collect(Collectors.toMap(StagedApplication::id, StagedApplication::name));
		boolean apdexAndErrors = definition.has(Section.SUMMARY);
		List<ApplicationFigures> restFigures = rest.figures(chunk, range, apdexAndErrors, FigureSource.Progress.NONE);
		figures(comparison, names, "", restFigures,
				nrql.figures(chunk, range, apdexAndErrors, FigureSource.Progress.NONE));
		if (definition.has(Section.COMPARISON)) {
			TimeRange previous = range.previous(definition.timeZone());
			figures(comparison, names, "previous ",
					rest.figures(chunk, previous, apdexAndErrors, FigureSource.Progress.NONE),
					nrql.figures(chunk, previous, apdexAndErrors, FigureSource.Progress.NONE));
		}
		if (definition.has(Section.HOSTS)) {
			Map<Long, List<String>> types = new HashMap<>();
			restFigures.forEach(f -> types.put(f.applicationId(), datastoreTypes(f.breakdown())));
			hosts(comparison, names, rest.hosts(chunk, range, id -> types.getOrDefault(id, List.of())),
					nrql.hosts(chunk, range, id -> types.getOrDefault(id, List.of())));
		}
		if (definition.has(Section.TRENDS) || definition.has(Section.CHARTS)) {
			trends(comparison, names, rest.trends(chunk, range), nrql.trends(chunk, range));
		}
	}

	private static void listing(Comparison comparison, StagedApplication rest, StagedApplication nrql) {
		long id = rest.id();
		comparison.text(id, rest.name(), "name", rest.name(), nrql.name());
		comparison.text(id, rest.name(), "language", rest.language(), nrql.language());
		comparison.text(id, rest.name(), "health_status", rest.healthStatus(), nrql.healthStatus());
		comparison.text(id, rest.name(), "reporting", rest.reporting(), nrql.reporting());
		comparison.text(id, rest.name(), "host_count", rest.hostCount(), nrql.hostCount());
		comparison.text(id, rest.name(), "instance_count", rest.instanceCount(), nrql.instanceCount());
	}

	private static void figures(Comparison comparison, Map<Long, String> names, String prefix,
			List<ApplicationFigures> rest, List<ApplicationFigures> nrql) {
		Map<Long, ApplicationFigures> byId = byKey(nrql, ApplicationFigures::applicationId);
		for (ApplicationFigures r : rest) {
			long id = r.applicationId();
			String name = names.get(id);
			ApplicationFigures n = byId.get(id);
			comparison.text(id, name, prefix + "status", r.status(), n == null ? null : n.status());
			if (n == null) {
				continue;
			}
			breakdown(comparison, id, name, prefix, r.breakdown(), n.breakdown());
			comparison.figure(id, name, prefix + "apdex_score", r.apdexScore(), n.apdexScore());
			comparison.figure(id, name, prefix + "error_rate", r.errorRate(), n.errorRate());
			comparison.figure(id, name, prefix + "call_volume", r.callVolume(), n.callVolume());
		}
	}

	private static void hosts(Comparison comparison, Map<Long, String> names, List<HostFigures> rest,
			List<HostFigures> nrql) {
		Map<String, HostFigures> restHosts = byKey(rest, SourceComparer::hostKey);
		Map<String, HostFigures> nrqlHosts = byKey(nrql, SourceComparer::hostKey);
		for (String key : union(restHosts, nrqlHosts)) {
			HostFigures r = restHosts.get(key);
			HostFigures n = nrqlHosts.get(key);
			long id = (r != null ? r : n).applicationId();
			String host = "host " + (r != null ? r : n).hostName() + " ";
			comparison.text(id, names.get(id), host + "status", r == null ? null : r.status(),
					n == null ? null : n.status());
			if (r != null && n != null) {
				breakdown(comparison, id, names.get(id), host, r.breakdown(), n.breakdown());
				comparison.figure(id, names.get(id), host + "call_volume", r.callVolume(), n.callVolume());
			}
		}
	}

	private static void trends(Comparison comparison, Map<Long, String> names, List<TrendSlice> rest,
			List<TrendSlice> nrql) {
		Function<TrendSlice, String> key = slice -> slice.applicationId() + " " + slice.from();
		Map<String, TrendSlice> restSlices = byKey(rest, key);
		Map<String, TrendSlice> nrqlSlices = byKey(nrql, key);
		for (String k : union(restSlices, nrqlSlices)) {
			TrendSlice r = restSlices.get(k);
			TrendSlice n = nrqlSlices.get(k);
			TrendSlice any = r != null ? r : n;
			long id = any.applicationId();
			String slice = "trend " + (any.from() == null ? "(none)" : any.from()) + " ";
			comparison.figure(id, names.get(id), slice + "response_time_ms", r == null ? null : r.responseTimeMs(),
					n == null ? null : n.responseTimeMs());
			comparison.figure(id, names.get(id), slice + "throughput_rpm", r == null ? null : r.throughputRpm(),
					n == null ? null : n.throughputRpm());
		}
	}

	private static void breakdown(Comparison comparison, long id, String name, String prefix, Breakdown rest,
			Breakdown nrql) {
		for (FigureColumn column : FigureColumn.values()) {
			comparison.figure(id, name, prefix + column.header(), column.of(rest), column.of(nrql));
		}
	}

	private static List<String> datastoreTypes(Breakdown breakdown) {
		return breakdown == null ? List.of() : breakdown.provenance().datastoreTypes();
	}

	private static String hostKey(HostFigures host) {
		return host.applicationId() + " " + host.hostName();
	}

	private static Map<Long, StagedApplication> listed(FigureSource source, ReportDefinition definition) {
		Map<Long, StagedApplication> listed = new TreeMap<>();
		Iterator<StagedApplication> applications = source.applications(definition.applications());
		applications.forEachRemaining(application -> listed.put(application.id(), application));
		return listed;
	}

	private static <K, V> Map<K, V> byKey(List<V> values, Function<V, K> key) {
		Map<K, V> map = new TreeMap<>();
		values.forEach(value -> map.put(key.apply(value), value));
		return map;
	}

	private static <K> List<K> union(Map<K, ?> a, Map<K, ?> b) {
		TreeMap<K, Boolean> keys = new TreeMap<>();
		a.keySet().forEach(k -> keys.put(k, true));
		b.keySet().forEach(k -> keys.put(k, true));
		return new ArrayList<>(keys.keySet());
	}

}
