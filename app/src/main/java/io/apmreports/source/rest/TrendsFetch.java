package io.apmreports.source.rest;

import java.util.ArrayList;
import java.util.List;

import io.apmreports.formula.MetricNames;
import io.apmreports.formula.MetricValues;
import io.apmreports.range.TimeRange;
import io.apmreports.source.Figuring;
import io.apmreports.source.PartNotFetched;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.TrendSlice;
import io.apmreports.source.rest.client.ApmClient;
import io.apmreports.source.rest.client.ApmException;
import io.apmreports.source.rest.client.MetricData;
import io.apmreports.source.rest.client.MetricQuery;

/**
 * Fetches an application's series over the range (not summarized: the slice length
 * follows the range) and computes per slice the main chart's line, response time with
 * request queuing, and web throughput: one request holding HttpDispatcher and the queue
 * metric. A series that could not be fetched fails with a {@link PartNotFetched}, never
 * an empty series; a refused key stops the run as the client says it.
 */
class TrendsFetch {

	/** The part a failure names. */
	static final String TREND = "the trend";

	private final ApmClient client;

	private final MetricNames names;

	TrendsFetch(ApmClient client, MetricNames names) {
		this.client = client;
		this.names = names;
	}

	List<TrendSlice> fetch(StagedApplication application, TimeRange range) {
		MetricData data;
		try {
			data = client.metricData(application.id(), new MetricQuery(
					List.of(names.httpDispatcher(), names.queueTime()), MetricQuery.TIMING_VALUES, range, false));
		}
		catch (ApmException.NotFound ex) {
			// deleted since its figures were read: it has no series any more, and a
			// relaunch would be answered 404 again
			return List.of(TrendSlice.none(application.id()));
		}
		catch (ApmException.Unreadable | ApmException.InvalidRequest | ApmException.Transient ex) {
			// an empty series here would read as an application without traffic
			throw new PartNotFetched(TREND, PartNotFetched.applications(List.of(application)), ex);
		}
		List<MetricData.Timeslice> dispatcher = data.metrics().getOrDefault(names.httpDispatcher(), List.of());
		List<MetricData.Timeslice> queue = data.metrics().get(names.queueTime());
		List<Figuring.Slice> slices = new ArrayList<>(dispatcher.size());
		for (int i = 0; i < dispatcher.size(); i++) {
			MetricData.Timeslice slice = dispatcher.get(i);
			MetricValues queued = queue == null || i >= queue.size() ? null : new MetricValues(queue.get(i).values());
			slices.add(new Figuring.Slice(slice.from(), slice.to(), new MetricValues(slice.values()), queued));
		}
		return Figuring.trend(application.id(), slices);
	}

}
