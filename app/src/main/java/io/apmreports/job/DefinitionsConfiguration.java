package io.apmreports.job;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.apmreports.definition.ReportDefinitions;

/**
 * The report definitions of {@code report.definitions}, which launches and schedules
 * read.
 */
@Configuration(proxyBeanMethods = false)
class DefinitionsConfiguration {

	@Bean
	ReportDefinitions reportDefinitions(ReportProperties properties) {
		return new ReportDefinitions(properties.definitions());
	}

}
