package io.apmreports.source.nrql;

import java.net.URI;
import java.time.Clock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;
import org.springframework.core.env.Environment;
import org.springframework.web.client.RestClient;

import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.net.Reachable;
import io.apmreports.formula.MetricNames;
import io.apmreports.source.ApplicationTags;
import io.apmreports.source.ConfiguredAccount;
import io.apmreports.source.SourceProperties;
import io.apmreports.source.access.ApiKeys;
import io.apmreports.source.access.RequestPacer;

/**
 * Makes the NRQL source: the endpoint from {@code apm.nrql.*} and the configured account,
 * the key found as the REST source finds it, the client with {@code apm.retry}'s retries,
 * and the source. All lazy, so that nothing asks for a key or an account id until this
 * source is used.
 */

@Configuration(proxyBeanMethods = false)
class NrqlSourceConfiguration {

	/**
	 * The REST source's setting, read by name: its properties are that source's, which
	 * this one does not lean on.
	 */
	private static final String REST_BASE_URL = "apm.base-url";

	/**
	 * Whether NerdGraph answers, for the scheduler's readiness (health {@code source}),
	 * when NRQL is the configured source.
	 */
	@Bean
	@ConditionalOnProperty(name = "apm.source", havingValue = "nrql")
	Reachable sourceHealthIndicator(ObjectProvider<NerdGraphEndpoint> endpoint, Clock clock) {
		return new Reachable(() -> endpoint.getObject().graphqlUrl(), clock);
	}

	@Bean
	@Lazy
	NerdGraphEndpoint nerdGraphEndpoint(NrqlProperties properties, SourceProperties sourceProperties,
			ConfiguredAccount account, Environment environment) {
		// the URL first: a key pasted into it is refused as such, not reported as a key
		// missing elsewhere
		URI url = properties.graphqlUrlOr(environment.getProperty(REST_BASE_URL, URI.class),
				sourceProperties.region().graphqlUrl());
		long accountId = account.required();
		return new NerdGraphEndpoint(url, ApiKeys.resolve(System.getenv(), sourceProperties.apiKeyFile()), accountId);
	}

	@Bean
	@Lazy
	NerdGraphClient nerdGraphClient(RestClient.Builder builder, NerdGraphEndpoint endpoint, NrqlProperties properties,
			SourceProperties sourceProperties) {
		RestClient restClient = NerdGraphClient.restClient(builder, endpoint.graphqlUrl(), properties.connectTimeout(),
				properties.readTimeout());
		return new NerdGraphClient(restClient, endpoint, sourceProperties.retry().toPolicy(),
				new RequestPacer(properties.rateLimit(), Clock.systemUTC()), properties.concurrency(),
				properties.timeout());
	}

	/**
	 * Tags through entity search, for either source: REST v2 has none, and the same user
	 * key reaches NerdGraph.
	 */
	@Bean
	@Lazy
	ApplicationTags applicationTags(NerdGraphClient client) {
		return new EntityTagSearch(client);
	}

	// not a default candidate: until the source is chosen by apm.source, the steps that
	// ask for "the" FigureSource get the REST one; this one is had by its name
	@Bean(defaultCandidate = false)
	@Lazy
	NrqlFigureSource nrqlFigureSource(NerdGraphClient client, BreakdownCalculator calculator, MetricNames names,
			NrqlProperties properties, SourceProperties sourceProperties, Clock clock) {
		return new NrqlFigureSource(client, calculator, names, sourceProperties.datastoreTypes(),
				properties.maxFacets(), properties.concurrency(), clock);
	}

}
