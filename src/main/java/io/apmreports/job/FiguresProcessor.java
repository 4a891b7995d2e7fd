package io.apmreports.job;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.batch.infrastructure.item.ItemProcessor;

import io.apmreports.apm.ApmClient;
import io.apmreports.apm.ApmException;
import io.apmreports.apm.MetricData;
import io.apmreports.apm.MetricQuery;
import io.apmreports.formula.Breakdown;
import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.formula.MetricSnapshot;
import io.apmreports.formula.MetricValues;
import io.apmreports.range.TimeRange;

/**
 * Fetches one application's summarized metrics over the run's range and computes its breakdown. An application
 * that is gone (404) or answers nonsense becomes a {@code failed} row saying why, and the run goes on; a refused key
 * or a transient failure stops the step, to be retried or restarted.
 */
class FiguresProcessor implements ItemProcessor<StagedApplication, ApplicationFigures> {

	private final ApmClient client;

	private final BreakdownCalculator calculator;

	private final MetricNames names;

	private final List<String> configuredDatastoreTypes;

	private final TimeRange range;

	FiguresProcessor(ApmClient client, BreakdownCalculator calculator, MetricNames names,
			List<String> configuredDatastoreTypes, TimeRange range) {
		this.client = client;
		this.calculator = calculator;
		this.names = names;
		this.configuredDatastoreTypes = configuredDatastoreTypes;
		this.range = range;
	}

	@Override
	public ApplicationFigures process(StagedApplication application) {
		try {
			List<String> metricNames = names.timingFamily(datastoreTypes(application.id()));
			MetricData data = client.metricData(application.id(),
					MetricQuery.summarized(metricNames, MetricQuery.TIMING_VALUES, range));
			if (data.metrics().values().stream().anyMatch(slices -> slices.size() != 1)) {
				return ApplicationFigures.failed(application.id(),
						"the summarized answer did not hold exactly one timeslice per metric");
			}
			Breakdown breakdown = calculator.calculate(summarized(data), application.language());
			if (!breakdown.hasTraffic()) {
				return new ApplicationFigures(application.id(), breakdown, ApplicationFigures.NO_DATA,
						data.metrics().isEmpty() ? "none of the metrics was found for the range"
								: "no web or non-web calls in the range");
			}
			return new ApplicationFigures(application.id(), breakdown, ApplicationFigures.OK, null);
		}
		catch (ApmException.NotFound | ApmException.Unreadable | ApmException.InvalidRequest ex) {
			return ApplicationFigures.failed(application.id(), ex.getMessage());
		}
	}

	// The datastore formula sums over every database type, so the types are discovered from the application's
	// metric names unless configured; the listing is made once per application and run.
	private List<String> datastoreTypes(long applicationId) {
		if (!configuredDatastoreTypes.isEmpty()) {
			return configuredDatastoreTypes;
		}
		return client.metricNames(applicationId, names.datastorePrefix())
			.stream()
			.map(names::datastoreType)
			.flatMap(java.util.Optional::stream)
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
