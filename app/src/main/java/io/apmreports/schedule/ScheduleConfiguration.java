package io.apmreports.schedule;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.apmreports.definition.ReportDefinitions;
import io.apmreports.definition.ScheduleDefinitions;

/**
 * The schedules of {@code schedule.definitions}, checked against the reports they run.
 */
@Configuration(proxyBeanMethods = false)
class ScheduleConfiguration {

	@Bean
	ScheduleDefinitions scheduleDefinitions(ScheduleProperties properties, ReportDefinitions reports) {
		return new ScheduleDefinitions(properties.definitions(), reports);
	}

}
