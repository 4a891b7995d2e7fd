package io.apmreports.sandbox;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The value of one function over the units of a row, from the same {@link Aggregate} sums
 * the REST face answers with, so both faces give the same figures.
 */
final class NrqlValues {

	/** A unit and its sums over a row's minutes. */
	record Summed(NrqlUnit unit, Aggregate aggregate) {
	}

	private NrqlValues() {
	}

	/** The value of a select item: a number, or for apdex() an object. */
	static Object value(NrqlQuery.Select select, List<Summed> units, long minutes) {
		Object value = value(select.function(), units, minutes);
		if (select.multiplier() == null || value == null) {
			return value;
		}
		return ((Number) value).doubleValue() * select.multiplier();
	}

	static Object value(NrqlFunction function, List<Summed> units, long minutes) {
		return switch (function.kind()) {
			case COUNT -> count(units);
			case AVERAGE -> average(units);
			case MAX -> max(units);
			case APDEX -> apdex(units);
			case UNIQUE_COUNT -> uniqueCount(function.attribute(), units);
			// the REST face divides the same way: count / minutes
			case RATE -> count(units) / ((double) minutes / function.perMinutes());
			case FILTER -> value(function.inner(),
					units.stream().filter(s -> NrqlUnits.matchesAll(s.unit(), function.filter())).toList(), minutes);
		};
	}

	/** Calls for timings, errors for Errors/*, s+t+f for Apdex*. */
	static long count(List<Summed> units) {
		long count = 0;
		for (Summed s : units) {
			count += switch (s.unit().family()) {
				case TIMING -> s.aggregate().calls;
				case ERRORS -> s.aggregate().errors;
				case APDEX -> s.aggregate().apdexCount();
			};
		}
		return count;
	}

	/**
	 * Seconds, call-weighted over the timing units; null without calls, as NRQL's
	 * {@code average()} of nothing is (REST answers 0 for the same metric).
	 */
	private static Double average(List<Summed> units) {
		long calls = 0;
		long weightedMicros = 0;
		for (Summed s : units) {
			if (s.unit().family() == MetricFamily.TIMING) {
				calls += s.aggregate().calls;
				weightedMicros += s.aggregate().weightedMicros;
			}
		}
		return calls == 0 ? null : weightedMicros / 1e6 / calls;
	}

	/**
	 * The Apdex threshold T for Apdex metrics, the slowest minute's average for timings.
	 */
	private static double max(List<Summed> units) {
		double max = 0;
		for (Summed s : units) {
			if (s.unit().family() == MetricFamily.APDEX) {
				max = Math.max(max, s.unit().app().apdexThreshold());
			}
			else if (s.unit().family() == MetricFamily.TIMING && s.aggregate().maxMicros >= 0) {
				max = Math.max(max, s.aggregate().maxMicros / 1e6);
			}
		}
		return max;
	}

	private static Map<String, Object> apdex(List<Summed> units) {
		Aggregate sum = new Aggregate();
		for (Summed s : units) {
			if (s.unit().family() == MetricFamily.APDEX) {
				sum.add(s.aggregate());
			}
		}
		Map<String, Object> apdex = new LinkedHashMap<>();
		apdex.put("score", sum.apdexScore());
		apdex.put("s", sum.satisfied);
		apdex.put("t", sum.tolerating);
		apdex.put("f", sum.frustrated);
		apdex.put("count", sum.apdexCount());
		return apdex;
	}

	/**
	 * The distinct values among the units that have data in the row's window: a host that
	 * sent nothing then did not report.
	 */
	private static long uniqueCount(String attribute, List<Summed> units) {
		Set<String> values = new HashSet<>();
		for (Summed s : units) {
			Aggregate sums = s.aggregate();
			if (sums.calls == 0 && sums.errors == 0 && sums.apdexCount() == 0) {
				continue;
			}
			String value = s.unit().text(attribute);
			if (value != null) {
				values.add(value);
			}
		}
		return values.size();
	}

	/** The number rows are ordered by: an apdex object by its score. */
	static double sortKey(Object value) {
		// an average over no calls is null: such a facet comes last, as the least
		if (value == null) {
			return Double.NEGATIVE_INFINITY;
		}
		if (value instanceof Map<?, ?> apdex) {
			return ((Number) apdex.get("score")).doubleValue();
		}
		return ((Number) value).doubleValue();
	}

}
