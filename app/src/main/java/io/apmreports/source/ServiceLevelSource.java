package io.apmreports.source;

import java.util.List;

import io.apmreports.range.TimeRange;

/**
 * What the service-level report reads of the service levels (SLIs and their objectives)
 * defined on an account's entities: only NRQL over NerdGraph can ask them
 * ({@link FigureSource#serviceLevels()}). A failure to read throws as the figure calls
 * do, for the run to be restarted.
 */
public interface ServiceLevelSource {

	/**
	 * Every service level of {@code accountId}, found through entity search (domain
	 * {@code EXT}, type {@code SERVICE_LEVEL}), each with the entity it belongs to and
	 * its own result queries.
	 */
	List<ServiceLevel> serviceLevels(long accountId);

	/**
	 * The level's attainment and its good and valid counts over each of {@code months},
	 * asked with the level's own result queries bounded to the month; a month before the
	 * level existed is answered with no figures, as the vendor holds none.
	 */
	List<ServiceLevelMonth> months(ServiceLevel level, List<TimeRange> months);

}
