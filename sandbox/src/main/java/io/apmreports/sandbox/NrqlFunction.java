package io.apmreports.sandbox;

import java.util.List;

/**
 * An aggregate function of the subset, over {@code newrelic.timeslice.value} unless it
 * counts an attribute.
 *
 * @param kind the function
 * @param attribute for {@code uniqueCount}: {@code host}, {@code instanceName} or
 * {@code realAgentId}
 * @param inner for {@code rate} and {@code filter}: the function they apply to
 * @param perMinutes for {@code rate}: the minutes of its unit ({@code 1 minute} is 1)
 * @param filter for {@code filter}: the conditions, all of which must hold
 */
record NrqlFunction(Kind kind, String attribute, NrqlFunction inner, long perMinutes, List<NrqlCondition> filter) {

	enum Kind {

		COUNT, AVERAGE, MAX, APDEX, UNIQUE_COUNT, RATE, FILTER

	}

	static NrqlFunction of(Kind kind) {
		return new NrqlFunction(kind, null, null, 0, List.of());
	}

	static NrqlFunction uniqueCount(String attribute) {
		return new NrqlFunction(Kind.UNIQUE_COUNT, attribute, null, 0, List.of());
	}

	static NrqlFunction rate(NrqlFunction inner, long perMinutes) {
		return new NrqlFunction(Kind.RATE, null, inner, perMinutes, List.of());
	}

	static NrqlFunction filter(NrqlFunction inner, List<NrqlCondition> conditions) {
		return new NrqlFunction(Kind.FILTER, null, inner, 0, List.copyOf(conditions));
	}

	/** Whether the function answers an object ({@code apdex}) rather than a number. */
	boolean isObject() {
		return kind == Kind.APDEX || (kind == Kind.FILTER && inner.isObject());
	}

}
