package io.apmreports.sandbox;

import java.time.ZoneId;
import java.util.List;

/**
 * A parsed query over the service-level metrics ({@code newrelic.sli.valid},
 * {@code newrelic.sli.good}, {@code newrelic.sli.bad}), see {@link SliQueryParser}.
 *
 * @param select what to compute, in order
 * @param where conditions on {@code entity.guid}, {@code sli.guid} or {@code sli.id} that
 * must all hold
 * @param facets the attributes rows are grouped by ({@link EventQuery#MONTH_OF} for
 * months in {@code zone})
 * @param since the start of the window, or null for an hour before its end
 * @param until the end of the window, or null for now
 * @param zone {@code WITH TIMEZONE}'s zone, UTC without it: quoted times without an
 * offset and months are read in it
 * @param limit the most facets; 0 for the default, -1 for {@code LIMIT MAX}
 */
record SliQuery(List<Select> select, List<NrqlCondition> where, List<String> facets, NrqlQuery.Time since,
		NrqlQuery.Time until, ZoneId zone, int limit) {

	/** The attributes of a level's data points a condition or facet may name. */
	static final List<String> ATTRIBUTES = List.of("entity.guid", "sli.guid", "sli.id");

	SliQuery {
		select = List.copyOf(select);
		where = List.copyOf(where);
		facets = List.copyOf(facets);
	}

	/**
	 * One item of SELECT.
	 *
	 * @param expression what it computes
	 * @param name the alias, or the item's text without an alias
	 */
	record Select(Expression expression, String name) {
	}

	/** Arithmetic over aggregates of the metrics; null where any part is null. */
	sealed interface Expression {

		Double value(Sums sums);

	}

	/** A number written in the query. */
	record Constant(double number) implements Expression {

		@Override
		public Double value(Sums sums) {
			return number;
		}

	}

	/**
	 * {@code sum(metric)} (null over no data points) or {@code count(metric)} (0 over
	 * none): each point counts events, so both add the same events.
	 */
	record Aggregate(boolean sum, SandboxServiceLevels.Metric metric) implements Expression {

		@Override
		public Double value(Sums sums) {
			if (sums.points() == 0) {
				return sum ? null : 0.0;
			}
			return (double) sums.events()[metric.ordinal()];
		}

	}

	/** {@code left op right} for + - * /; a division by zero is null. */
	record Binary(char operator, Expression left, Expression right) implements Expression {

		@Override
		public Double value(Sums sums) {
			Double a = left.value(sums);
			Double b = right.value(sums);
			if (a == null || b == null) {
				return null;
			}
			return switch (operator) {
				case '+' -> a + b;
				case '-' -> a - b;
				case '*' -> a * b;
				default -> b == 0 ? null : a / b;
			};
		}

	}

	/** {@code clamp_max(x, bound)} or {@code clamp_min(x, bound)}. */
	record Clamp(boolean max, Expression inner, double bound) implements Expression {

		@Override
		public Double value(Sums sums) {
			Double value = inner.value(sums);
			if (value == null) {
				return null;
			}
			return max ? Math.min(value, bound) : Math.max(value, bound);
		}

	}

	/**
	 * The events of a row's data points, by {@link SandboxServiceLevels.Metric} ordinal,
	 * and how many points there were.
	 */
	record Sums(long[] events, long points) {
	}

}
