package io.apmreports.source.rest;

import java.time.Clock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;

import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.source.FetchConcurrency;
import io.apmreports.source.SourceProperties;
import io.apmreports.source.rest.client.ApmAccountClients;
import io.apmreports.source.rest.client.ApmClient;

/** Makes the REST v2 client the source of the report's figures. */
@Configuration(proxyBeanMethods = false)
class RestSourceConfiguration {

	// Lazy like the client it needs, so that commands that never call the service need no
	// key. The concurrency is the run's setting, bound and checked with the others of
	// report.*, and handed in as the source's own type.
	@Bean
	@Lazy
	RestFigureSource restFigureSource(ApmClient client, BreakdownCalculator calculator, MetricNames names,
			SourceProperties sourceProperties, FetchConcurrency concurrency, Clock clock,
			ApmAccountClients otherAccounts) {
		return new RestFigureSource(client, calculator, names, sourceProperties.datastoreTypes(), clock,
				concurrency.concurrency(), otherAccounts);
	}

}
