package io.apmreports.source;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;

/**
 * The formula engine both sources compute with, over the metric names the settings give,
 * and the account they read.
 */
@Configuration(proxyBeanMethods = false)
class SourceConfiguration {

	@Bean
	MetricNames metricNames(SourceProperties properties) {
		return properties.metrics().toMetricNames();
	}

	@Bean
	ConfiguredAccount configuredAccount(SourceProperties properties) {
		return new ConfiguredAccount(properties.accountId());
	}

	@Bean
	BreakdownCalculator breakdownCalculator(MetricNames metricNames) {
		return new BreakdownCalculator(metricNames);
	}

}
