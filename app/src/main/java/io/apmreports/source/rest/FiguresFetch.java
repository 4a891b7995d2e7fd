package io.apmreports.source.rest;

import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.formula.MetricSnapshot;
import io.apmreports.formula.MetricValues;
import io.apmreports.range.TimeRange;
import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.Figuring;
import io.apmreports.source.SlaFigures;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.rest.client.ApmClient;
import io.apmreports.source.rest.client.ApmException;
import io.apmreports.source.rest.client.MetricData;
import io.apmreports.source.rest.client.MetricQuery;

/**
 * Fetches one application's summarized metrics over a range and computes its breakdown,
 * with as few requests as the figures allow: one, holding every name of the timing family
 * and the usual datastore types (the client splits it when it holds more than
 * {@code apm.names-per-request} names). Only when {@code Datastore/allWeb} shows
 * datastore time those types do not account for are the application's metric names listed
 * (once) and the missing types fetched. An application that answers 404 becomes a
 * {@code gone} row saying what answered 404 and when (it was deleted during the run: no
 * relaunch can bring it back), one that answers nonsense a {@code failed} row saying why,
 * and the run goes on; a refused key, or a transient failure that outlasted its retries,
 * is thrown: the chunk rolls back and the run stops, to be restarted.
 */
class FiguresFetch extends BreakdownFetch {

	static final String APDEX = "Apdex";

	static final String ERRORS = "Errors/all";

	/**
	 * @param datastoreTypes the configured database types
	 * @param clock when a 404 answered, for the gone row's detail
	 */
	FiguresFetch(ApmClient client, BreakdownCalculator calculator, MetricNames names, List<String> datastoreTypes,
			Clock clock) {
		super(client, calculator, names, datastoreTypes, clock);
	}

	/**
	 * @param apdexAndErrors whether to fetch the Apdex and errors families too (one
	 * request each)
	 */
	ApplicationFigures fetch(StagedApplication application, TimeRange range, boolean apdexAndErrors) {
		try {
			List<String> types = datastoreTypes.isEmpty() ? listedDatastoreTypes(application.id()) : datastoreTypes;
			MetricData data = fetch(application.id(), names.timingFamily(types), range);
			if (!datastoreTypes.isEmpty() && figuring.missesDatastoreTime(summarized(data))) {
				Set<String> missing = new HashSet<>(listedDatastoreTypes(application.id()));
				missing.removeAll(types);
				if (!missing.isEmpty()) {
					data = data.merge(
							fetch(application.id(), missing.stream().sorted().map(names::datastore).toList(), range));
				}
			}
			if (data.metrics().values().stream().anyMatch(slices -> slices.size() != 1)) {
				return ApplicationFigures.failed(application.id(),
						"the summarized answer did not hold exactly one timeslice per metric");
			}
			MetricSnapshot timing = summarized(data);
			MetricValues apdex = null;
			MetricValues errors = null;
			if (apdexAndErrors) {
				// each value family in its own request: names that do not share value
				// names can come back empty
				apdex = value(fetch(application.id(), List.of(APDEX), MetricQuery.APDEX_VALUES, range), APDEX);
				errors = value(fetch(application.id(), List.of(ERRORS), MetricQuery.ERROR_VALUES, range), ERRORS);
			}
			return figuring.application(application.id(), application.language(), timing, apdexAndErrors, apdex,
					errors);
		}
		catch (ApmException.NotFound ex) {
			return ApplicationFigures.gone(application.id(), goneDetail(ex, clock));
		}
		catch (ApmException.Unreadable | ApmException.InvalidRequest ex) {
			return ApplicationFigures.failed(application.id(), ex.getMessage());
		}
	}

	/**
	 * An application's SLA figures over a range in three requests (web and non-web calls,
	 * {@code Apdex}, {@code Errors/all}); none for one that is gone or answers nonsense.
	 */
	SlaFigures sla(StagedApplication application, TimeRange range) {
		try {
			MetricData calls = fetch(application.id(), figuring.slaNames(), range);
			MetricValues apdex = value(fetch(application.id(), List.of(APDEX), MetricQuery.APDEX_VALUES, range), APDEX);
			MetricValues errors = value(fetch(application.id(), List.of(ERRORS), MetricQuery.ERROR_VALUES, range),
					ERRORS);
			return figuring.sla(application.id(), summarized(calls), apdex, errors);
		}
		catch (ApmException.NotFound | ApmException.Unreadable | ApmException.InvalidRequest ex) {
			return Figuring.noSla(application.id());
		}
	}

	/**
	 * What answered 404, and when: the reader of a report wants to know it was deleted
	 * during the run.
	 */
	static String goneDetail(ApmException.NotFound notFound, Clock clock) {
		return notFound.getMessage() + " at " + clock.instant().truncatedTo(ChronoUnit.SECONDS)
				+ ": deleted since it was listed";
	}

	private MetricData fetch(long applicationId, List<String> metricNames, TimeRange range) {
		return fetch(applicationId, metricNames, MetricQuery.TIMING_VALUES, range);
	}

	private MetricData fetch(long applicationId, List<String> metricNames, List<String> values, TimeRange range) {
		return client.metricData(applicationId, MetricQuery.summarized(metricNames, values, range));
	}

	private static MetricValues value(MetricData data, String name) {
		List<MetricData.Timeslice> slices = data.metrics().get(name);
		return slices == null || slices.size() != 1 ? null : new MetricValues(slices.get(0).values());
	}

	// The listing is expensive on the service: made only for an application that needs
	// it, once per run.
	private List<String> listedDatastoreTypes(long applicationId) {
		return client.metricNames(applicationId, names.datastorePrefix())
			.stream()
			.map(names::datastoreType)
			.flatMap(Optional::stream)
			.distinct()
			.toList();
	}

	/** The single timeslice of each found metric of a summarized answer. */
	static MetricSnapshot summarized(MetricData data) {
		Map<String, MetricValues> metrics = new HashMap<>();
		// a metric without a slice is left out: only the datastore check reads such an
		// answer, before it is refused
		data.metrics()
			.forEach((name, slices) -> slices.stream()
				.findFirst()
				.ifPresent(slice -> metrics.put(name, new MetricValues(slice.values()))));
		return new MetricSnapshot(metrics);
	}

}
