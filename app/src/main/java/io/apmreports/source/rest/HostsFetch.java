package io.apmreports.source.rest;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.range.TimeRange;
import io.apmreports.source.FigureStatus;
import io.apmreports.source.Figuring;
import io.apmreports.source.HostFigures;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.rest.client.ApmClient;
import io.apmreports.source.rest.client.ApmException;
import io.apmreports.source.rest.client.ApplicationHost;
import io.apmreports.source.rest.client.MetricData;
import io.apmreports.source.rest.client.MetricQuery;

/**
 * Lists an application's hosts (for their names) and computes each host's breakdown from
 * its host-level metric data (specification 4.6): one summarized timing request per host,
 * over the range.
 */
class HostsFetch extends BreakdownFetch {

	/**
	 * @param datastoreTypes the configured database types
	 */
	HostsFetch(ApmClient client, BreakdownCalculator calculator, MetricNames names, List<String> datastoreTypes,
			Clock clock) {
		super(client, calculator, names, datastoreTypes, clock);
	}

	/**
	 * @param figuredTypes the types the application's own figures found, which may go
	 * beyond the configured ones
	 */
	List<HostFigures> fetch(StagedApplication application, TimeRange range, List<String> figuredTypes) {
		List<ApplicationHost> hosts;
		try {
			hosts = client.hosts(application.id());
		}
		catch (ApmException.NotFound ex) {
			return List.of(Figuring.hostsNot(application.id(), FigureStatus.GONE, FiguresFetch.goneDetail(ex, clock)));
		}
		catch (ApmException.Unreadable | ApmException.InvalidRequest ex) {
			return List.of(Figuring.hostsNot(application.id(), FigureStatus.FAILED, ex.getMessage()));
		}
		if (hosts.isEmpty()) {
			return List.of(Figuring.noHosts(application.id()));
		}
		Set<String> types = new TreeSet<>(datastoreTypes);
		types.addAll(figuredTypes);
		List<HostFigures> figures = new ArrayList<>(hosts.size());
		for (ApplicationHost host : hosts) {
			figures.add(host(application, host, List.copyOf(types), range));
		}
		return figures;
	}

	private HostFigures host(StagedApplication application, ApplicationHost host, List<String> types, TimeRange range) {
		try {
			MetricData data = client.hostMetricData(application.id(), host.id(),
					MetricQuery.summarized(names.timingFamily(types), MetricQuery.TIMING_VALUES, range));
			return figuring.host(application.id(), host.id(), host.host(), application.language(),
					FiguresFetch.summarized(data));
		}
		catch (ApmException.NotFound ex) {
			return new HostFigures(application.id(), host.id(), host.host(), null, null, FigureStatus.GONE,
					FiguresFetch.goneDetail(ex, clock));
		}
		catch (ApmException.Unreadable | ApmException.InvalidRequest ex) {
			return new HostFigures(application.id(), host.id(), host.host(), null, null, FigureStatus.FAILED,
					ex.getMessage());
		}
	}

}
