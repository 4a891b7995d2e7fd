package io.apmreports.job;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import org.springframework.batch.infrastructure.item.ItemProcessor;

import io.apmreports.apm.ApmClient;
import io.apmreports.apm.ApmException;
import io.apmreports.apm.ApplicationHost;
import io.apmreports.apm.MetricData;
import io.apmreports.apm.MetricQuery;
import io.apmreports.formula.Breakdown;
import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.formula.MetricSnapshot;
import io.apmreports.range.TimeRange;
import io.apmreports.staging.FigureStatus;
import io.apmreports.staging.HostFigures;
import io.apmreports.staging.StagedApplication;

/**
 * Lists an application's hosts (for their names) and computes each host's breakdown from its host-level metric
 * data (specification 4.6): one summarized timing request per host, over the run's range.
 */
class HostsProcessor implements ItemProcessor<StagedApplication, List<HostFigures>> {

	private final ApmClient client;

	private final BreakdownCalculator calculator;

	private final MetricNames names;

	private final List<String> datastoreTypes;

	private final java.util.function.LongFunction<List<String>> applicationTypes;

	private final TimeRange range;

	private final Clock clock;

	/**
	 * @param datastoreTypes the configured database types
	 * @param applicationTypes the types an application's own figures found, which may go beyond the configured ones
	 */
	HostsProcessor(ApmClient client, BreakdownCalculator calculator, MetricNames names, List<String> datastoreTypes,
			java.util.function.LongFunction<List<String>> applicationTypes, TimeRange range, Clock clock) {
		this.clock = clock;
		this.client = client;
		this.calculator = calculator;
		this.names = names;
		this.datastoreTypes = datastoreTypes;
		this.applicationTypes = applicationTypes;
		this.range = range;
	}

	@Override
	public List<HostFigures> process(StagedApplication application) {
		List<ApplicationHost> hosts;
		try {
			hosts = client.hosts(application.id());
		}
		catch (ApmException.NotFound ex) {
			return List.of(new HostFigures(application.id(), HostFigures.NO_HOST, null, null, null,
					FigureStatus.GONE, FiguresProcessor.goneDetail(ex, clock)));
		}
		catch (ApmException.Unreadable | ApmException.InvalidRequest ex) {
			return List.of(new HostFigures(application.id(), HostFigures.NO_HOST, null, null, null,
					FigureStatus.FAILED, ex.getMessage()));
		}
		if (hosts.isEmpty()) {
			return List.of(new HostFigures(application.id(), HostFigures.NO_HOST, null, null, null,
					FigureStatus.NO_DATA, "no host reported in about the last hour"));
		}
		java.util.Set<String> types = new java.util.TreeSet<>(datastoreTypes);
		types.addAll(applicationTypes.apply(application.id()));
		List<HostFigures> figures = new ArrayList<>(hosts.size());
		for (ApplicationHost host : hosts) {
			figures.add(host(application, host, List.copyOf(types)));
		}
		return figures;
	}

	private HostFigures host(StagedApplication application, ApplicationHost host, List<String> types) {
		try {
			MetricData data = client.hostMetricData(application.id(), host.id(),
					MetricQuery.summarized(names.timingFamily(types), MetricQuery.TIMING_VALUES, range));
			MetricSnapshot snapshot = FiguresProcessor.summarized(data);
			Breakdown breakdown = calculator.calculate(snapshot, application.language());
			Double calls = FiguresProcessor.callVolume(snapshot, names);
			return new HostFigures(application.id(), host.id(), host.host(), breakdown, calls,
					breakdown.hasTraffic() ? FigureStatus.OK : FigureStatus.NO_DATA,
					breakdown.hasTraffic() ? null : "no web or non-web calls in the range");
		}
		catch (ApmException.NotFound ex) {
			return new HostFigures(application.id(), host.id(), host.host(), null, null, FigureStatus.GONE,
					FiguresProcessor.goneDetail(ex, clock));
		}
		catch (ApmException.Unreadable | ApmException.InvalidRequest ex) {
			return new HostFigures(application.id(), host.id(), host.host(), null, null, FigureStatus.FAILED,
					ex.getMessage());
		}
	}

}
