package io.apmreports.job;

import java.util.ArrayList;
import java.util.List;


import org.springframework.batch.infrastructure.item.ItemProcessor;

import io.apmreports.apm.ApmClient;
import io.apmreports.apm.ApmException;
import io.apmreports.apm.MetricData;
import io.apmreports.apm.MetricQuery;
import io.apmreports.formula.Formulas;
import io.apmreports.formula.MetricNames;
import io.apmreports.formula.MetricValues;
import io.apmreports.range.TimeRange;
import io.apmreports.staging.StagedApplication;
import io.apmreports.staging.TrendSlice;

/**
 * Fetches an application's series over the range (not summarized: the slice length follows the range) and computes
 * per slice the main chart's line, response time with request queuing, and web throughput: one request holding
 * HttpDispatcher and the queue metric.
 */
class TrendsProcessor implements ItemProcessor<StagedApplication, List<TrendSlice>> {

	private final ApmClient client;

	private final MetricNames names;

	private final TimeRange range;

	TrendsProcessor(ApmClient client, MetricNames names, TimeRange range) {
		this.client = client;
		this.names = names;
		this.range = range;
	}

	@Override
	public List<TrendSlice> process(StagedApplication application) {
		MetricData data;
		try {
			data = client.metricData(application.id(), new MetricQuery(
					List.of(names.httpDispatcher(), names.queueTime()), MetricQuery.TIMING_VALUES, range, false));
		}
		catch (ApmException.NotFound | ApmException.Unreadable | ApmException.InvalidRequest ex) {
			return List.of(TrendSlice.none(application.id()));
		}
		List<MetricData.Timeslice> dispatcher = data.metrics().getOrDefault(names.httpDispatcher(), List.of());
		List<MetricData.Timeslice> queue = data.metrics().get(names.queueTime());
		List<TrendSlice> slices = new ArrayList<>(dispatcher.size());
		for (int i = 0; i < dispatcher.size(); i++) {
			MetricData.Timeslice slice = dispatcher.get(i);
			MetricValues web = new MetricValues(slice.values());
			MetricValues queued = queue == null || i >= queue.size() ? null : new MetricValues(queue.get(i).values());
			slices.add(new TrendSlice(application.id(), i, slice.from(), slice.to(),
					Formulas.responseTime(web, queued), Formulas.throughput(web)));
		}
		return slices.isEmpty() ? List.of(TrendSlice.none(application.id())) : slices;
	}


}
