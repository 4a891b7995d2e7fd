package io.apmreports.report;

import java.time.YearMonth;
import java.util.EnumSet;

import org.springframework.stereotype.Component;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.Section;
import io.apmreports.range.TimeRange;
import io.apmreports.source.Accounts;
import io.apmreports.staging.ServiceLevelTables;

/**
 * What a service-level run's files read: the month its steps staged, with each level's
 * budget, named for readers.
 */
@Component
class ServiceLevelContent {

	private final ServiceLevelTables tables;

	ServiceLevelContent(ServiceLevelTables tables) {
		this.tables = tables;
	}

	/**
	 * The run's month: the calendar month of the range's start in the report's zone, as
	 * the job staged it.
	 */
	ServiceLevelReport month(long instanceId, ReportDefinition definition, TimeRange range, Accounts accounts) {
		return month(tables, instanceId, definition, range, accounts);
	}

	static ServiceLevelReport month(ServiceLevelTables tables, long instanceId, ReportDefinition definition,
			TimeRange range, Accounts accounts) {
		YearMonth month = YearMonth.from(range.from().atZoneSameInstant(definition.timeZone()));
		boolean alone = EnumSet.of(Section.SERVICE_LEVELS).containsAll(definition.sections());
		return ServiceLevelReportBuilder.build(month, definition.groupBy(), tables.levelsRead(instanceId),
				tables.levels(instanceId), tables.months(instanceId), tables.sla(instanceId),
				id -> accounts.byId(id).describe(), alone);
	}

}
