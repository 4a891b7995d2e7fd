package io.apmreports.staging;

import java.util.List;

/**
 * What a service-level run staged, as the report reads it: its levels, their months, and
 * the SLA months of the applications without levels, each in report order (account, team,
 * application, then level or month).
 */
public interface ServiceLevelTables {

	/** The run's service levels. */
	List<ServiceLevelRow> levels(long instanceId);

	/** Every level's months, the run's month and the 11 before, oldest first. */
	List<ServiceLevelMonthRow> months(long instanceId);

	/** The SLA months of the applications without service levels, oldest first. */
	List<SlaMonthRow> sla(long instanceId);

	/**
	 * Whether the run could read service levels at all: not through REST v2, whose report
	 * carries the SLA figures of every application instead.
	 */
	boolean levelsRead(long instanceId);

}
