package io.apmreports.source.rest;

import java.time.Clock;
import java.util.List;

import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.source.Figuring;
import io.apmreports.source.rest.client.ApmClient;

/**
 * What fetching a breakdown over the REST client takes, for an application's figures and
 * for its hosts' alike: the client, the formulas, the metric names and database types
 * asked for, and the clock that dates a gone row.
 */
abstract class BreakdownFetch {

	protected final ApmClient client;

	protected final BreakdownCalculator calculator;

	protected final MetricNames names;

	/** The configured database types ({@code apm.datastore-types}). */
	protected final List<String> datastoreTypes;

	/** When a 404 answered, for the gone row's detail. */
	protected final Clock clock;

	/** Rows from what was found, as every source makes them. */
	protected final Figuring figuring;

	BreakdownFetch(ApmClient client, BreakdownCalculator calculator, MetricNames names, List<String> datastoreTypes,
			Clock clock) {
		this.client = client;
		this.calculator = calculator;
		this.names = names;
		this.datastoreTypes = datastoreTypes;
		this.clock = clock;
		this.figuring = new Figuring(calculator, names);
	}

}
