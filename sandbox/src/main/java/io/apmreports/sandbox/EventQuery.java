package io.apmreports.sandbox;

import java.util.List;

/**
 * A parsed query over events other than timeslice metrics: the vendor's usage events and
 * the events the byte count estimate reads (see {@link EventQueryParser}).
 *
 * @param eventTypes the event types of FROM, whose rows are taken together
 * @param select what to compute, in order
 * @param where conditions that must all hold
 * @param facets the attributes rows are grouped by ({@link #MONTH_OF} for months)
 * @param since the start of the window, or null for an hour before its end
 * @param until the end of the window, or null for now
 * @param limit the most facets; 0 for the default, -1 for {@code LIMIT MAX}
 */
record EventQuery(List<String> eventTypes, List<Select> select, List<NrqlCondition> where, List<String> facets,
		NrqlQuery.Time since, NrqlQuery.Time until, int limit) {

	/** The facet of the month (UTC) an event's timestamp falls in. */
	static final String MONTH_OF = "monthOf(timestamp)";

	EventQuery {
		eventTypes = List.copyOf(eventTypes);
		select = List.copyOf(select);
		where = List.copyOf(where);
		facets = List.copyOf(facets);
	}

	/** The aggregates over events. */
	enum Function {

		/** {@code sum(attribute)}: rows without the attribute add nothing. */
		SUM,

		/** {@code latest(attribute)}: its value on the latest row that has it. */
		LATEST,

		/** {@code bytecountestimate()}: the rows' estimated bytes. */
		BYTE_COUNT_ESTIMATE

	}

	/**
	 * One item of SELECT.
	 *
	 * @param function the aggregate
	 * @param attribute the attribute it reads; null for {@code bytecountestimate()}
	 * @param name the alias, or the column's name as the service writes it unaliased
	 * ({@code sum.GigabytesIngested}, {@code latest.freeLimit},
	 * {@code bytecountestimate})
	 */
	record Select(Function function, String attribute, String name) {
	}

}
