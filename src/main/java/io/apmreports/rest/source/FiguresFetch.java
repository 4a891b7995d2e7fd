package io.apmreports.rest.source;

import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.apmreports.formula.Breakdown;
import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.Formulas;
import io.apmreports.formula.MetricNames;
import io.apmreports.formula.MetricSnapshot;
import io.apmreports.formula.MetricValues;
import io.apmreports.range.TimeRange;
import io.apmreports.rest.ApmClient;
import io.apmreports.rest.ApmException;
import io.apmreports.rest.MetricData;
import io.apmreports.rest.MetricQuery;
import io.apmreports.staging.ApplicationFigures;
import io.apmreports.staging.FigureStatus;
import io.apmreports.staging.StagedApplication;

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
	 * Datastore/allWeb may differ from the sum of its types by rounding; more than this
	 * means a type is missing.
	 */
	private static final double TOLERANCE = 1e-3;

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
			if (!datastoreTypes.isEmpty() && missesDatastoreTime(data)) {
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
			Breakdown breakdown = calculator.calculate(timing, application.language());
			Double apdex = null;
			Double errorRate = null;
			if (apdexAndErrors) {
				// each value family in its own request: names that do not share value
				// names can come back empty
				apdex = Formulas
					.apdexScore(value(fetch(application.id(), List.of(APDEX), MetricQuery.APDEX_VALUES, range), APDEX));
				MetricValues errors = value(fetch(application.id(), List.of(ERRORS), MetricQuery.ERROR_VALUES, range),
						ERRORS);
				errorRate = Formulas.errorRate(errors == null ? null : errors.get("error_count"),
						callCount(timing, names.httpDispatcher()), callCount(timing, names.otherTransaction()));
			}
			Double calls = callVolume(timing, names);
			if (!breakdown.hasTraffic()) {
				// a stopped application answers zeros: without calls its Apdex and error
				// rate are absent, not 0
				return new ApplicationFigures(application.id(), breakdown, null, null, calls, FigureStatus.NO_DATA,
						data.metrics().isEmpty() ? "none of the metrics was found for the range"
								: "no web or non-web calls in the range");
			}
			return new ApplicationFigures(application.id(), breakdown, apdex, errorRate, calls, FigureStatus.OK, null);
		}
		catch (ApmException.NotFound ex) {
			return ApplicationFigures.gone(application.id(), goneDetail(ex, clock));
		}
		catch (ApmException.Unreadable | ApmException.InvalidRequest ex) {
			return ApplicationFigures.failed(application.id(), ex.getMessage());
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

	/**
	 * Web and non-web calls of an application or host in the range: what usage and shares
	 * are made of.
	 */
	static Double callVolume(MetricSnapshot snapshot, MetricNames names) {
		return Formulas.sumOfPresent(Arrays.asList(callCount(snapshot, names.httpDispatcher()),
				callCount(snapshot, names.otherTransaction())));
	}

	private static Double callCount(MetricSnapshot snapshot, String name) {
		MetricValues values = snapshot.get(name);
		return values == null ? null : values.callCount();
	}

	/**
	 * Whether Datastore/allWeb holds more time than the per-type metrics found account
	 * for.
	 */
	private boolean missesDatastoreTime(MetricData data) {
		double total = weightedTime(data, names.datastoreTotal());
		double types = data.metrics()
			.keySet()
			.stream()
			.filter(name -> names.datastoreType(name).isPresent())
			.mapToDouble(name -> weightedTime(data, name))
			.sum();
		return total > types * (1 + TOLERANCE) + TOLERANCE;
	}

	private static double weightedTime(MetricData data, String name) {
		List<MetricData.Timeslice> slices = data.metrics().get(name);
		if (slices == null || slices.isEmpty()) {
			return 0;
		}
		Map<String, Double> values = slices.get(0).values();
		return values.getOrDefault(MetricValues.AVERAGE_RESPONSE_TIME, 0.0)
				* values.getOrDefault(MetricValues.CALL_COUNT, 0.0);
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
		data.metrics().forEach((name, slices) -> metrics.put(name, new MetricValues(slices.get(0).values())));
		return new MetricSnapshot(metrics);
	}

}
