package io.apmreports.rest.source;

import java.time.Clock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;

import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.rest.ApmClient;
import io.apmreports.run.ReportProperties;
import io.apmreports.source.SourceProperties;

/** Makes the REST v2 client the source of the report's figures. */
@Configuration(proxyBeanMethods = false)
class RestSourceConfiguration {

	// Lazy like the client it needs, so that commands that never call the service need no
	// key.
	@Bean
	@Lazy
	RestFigureSource restFigureSource(ApmClient client, BreakdownCalculator calculator, MetricNames names,
			SourceProperties sourceProperties, ReportProperties reportProperties, Clock clock) {
		return new RestFigureSource(client, calculator, names, sourceProperties.datastoreTypes(), clock,
				reportProperties.concurrency());
	}

}
