package io.apmreports.sandbox;

import java.util.List;

/**
 * A parsed query of the subset.
 *
 * @param select what to compute, in order
 * @param where conditions that must all hold
 * @param facets the attributes rows are grouped by, at most five
 * @param since the start of the window, or null for an hour before its end
 * @param until the end of the window, or null for now
 * @param bucketMinutes TIMESERIES bucket length; 0 without TIMESERIES, -1 for
 * {@code TIMESERIES MAX}
 * @param limit the most facets; 0 for the default, -1 for {@code LIMIT MAX}
 */
record NrqlQuery(List<Select> select, List<NrqlCondition> where, List<String> facets, Time since, Time until,
		long bucketMinutes, int limit) {

	NrqlQuery {
		select = List.copyOf(select);
		where = List.copyOf(where);
		facets = List.copyOf(facets);
	}

	/**
	 * One item of SELECT.
	 *
	 * @param function the aggregate
	 * @param multiplier a factor the value is multiplied by, or null
	 * @param name the alias, or the item's text without the alias
	 */
	record Select(NrqlFunction function, Double multiplier, String name) {
	}

	/**
	 * A point in time: epoch milliseconds, or minutes before now.
	 */
	record Time(Long epochMillis, Long minutesAgo) {

		long millis(long nowMillis) {
			return epochMillis != null ? epochMillis : nowMillis - minutesAgo * 60_000;
		}

	}

}
