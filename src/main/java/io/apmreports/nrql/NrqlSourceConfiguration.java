package io.apmreports.nrql;

import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;
import org.springframework.core.env.Environment;
import org.springframework.web.client.RestClient;

import io.apmreports.access.ApiKeys;
import io.apmreports.access.RequestPacer;
import io.apmreports.access.RetryPolicy;
import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.source.SourceProperties;

/**
 * Makes the NRQL source: the endpoint from {@code apm.nrql.*} and the key found as the
 * REST source finds it, the client with {@code apm.retry}'s retries, and the source. All
 * lazy, so that nothing asks for a key or an account id until this source is used.
 */

@Configuration(proxyBeanMethods = false)
class NrqlSourceConfiguration {

	@Bean
	@Lazy
	NerdGraphEndpoint nerdGraphEndpoint(NrqlProperties properties, SourceProperties sourceProperties,
			Environment environment) {
		// the URL first: a key pasted into it is refused as such, not reported as a key
		// missing elsewhere
		URI url = properties.graphqlUrlOr(sourceProperties.region().graphqlUrl());
		long accountId = NerdGraphEndpoint.required(sourceProperties.accountId());
		return new NerdGraphEndpoint(url, ApiKeys.resolve(System.getenv(), keyFile(environment)), accountId);
	}

	@Bean
	@Lazy
	NerdGraphClient nerdGraphClient(RestClient.Builder builder, NerdGraphEndpoint endpoint, NrqlProperties properties,
			Environment environment) {
		RestClient restClient = NerdGraphClient.restClient(builder, endpoint.graphqlUrl(), properties.connectTimeout(),
				properties.readTimeout());
		return new NerdGraphClient(restClient, endpoint, retryPolicy(environment),
				new RequestPacer(properties.rateLimit(), Clock.systemUTC()), properties.concurrency(),
				properties.timeout());
	}

	// not a default candidate: until the source is chosen by apm.source, the steps that
	// ask for "the" FigureSource get the REST one; this one is had by its name
	@Bean(defaultCandidate = false)
	@Lazy
	NrqlFigureSource nrqlFigureSource(NerdGraphClient client, BreakdownCalculator calculator, MetricNames names,
			NrqlProperties properties, Environment environment, Clock clock) {
		return new NrqlFigureSource(client, calculator, names, shared(environment).datastoreTypes(),
				properties.maxFacets(), properties.concurrency(), clock);
	}

	/**
	 * {@code apm.api-key-file}, bound as the REST source binds it: the environment's own
	 * conversion knows no {@link Path}, and failed the run whenever the key came from a
	 * file.
	 */
	static Path keyFile(Environment environment) {
		return Binder.get(environment).bind("apm.api-key-file", Path.class).orElse(null);
	}

	/** The REST source's retries ({@code apm.retry}). */
	static RetryPolicy retryPolicy(Environment environment) {
		return shared(environment).retry().toPolicy();
	}

	/**
	 * What this source shares with the REST source under {@code apm}, read without its
	 * room.
	 */
	static SharedSettings shared(Environment environment) {
		return Binder.get(environment).bindOrCreate("apm", SharedSettings.class);
	}

	/**
	 * The settings of {@code apm} both sources read; the defaults are those of the REST
	 * source's properties (a test holds them equal).
	 *
	 * @param datastoreTypes database types asked for with the timing family
	 * @param retry retries of transient failures
	 */
	record SharedSettings(@DefaultValue( {
			"Postgres", "MySQL", "MariaDB", "MSSQL", "Oracle", "DB2", "SQLite", "Derby", "H2", "MongoDB", "Redis",
			"Memcached", "Cassandra", "Couchbase", "Elasticsearch", "DynamoDB", "Neptune",
			"Solr" }) List<String> datastoreTypes, @DefaultValue RetrySettings retry){
	}

	/**
	 * {@code apm.retry}, with its defaults.
	 *
	 * @param maxAttempts attempts in all
	 * @param initialBackoff the first wait
	 * @param maxBackoff the longest computed wait
	 * @param maxWait the longest wait honoured when the service asks for one
	 */
	record RetrySettings(@DefaultValue("6") int maxAttempts, @DefaultValue("500ms") Duration initialBackoff,
			@DefaultValue("30s") Duration maxBackoff, @DefaultValue("120s") Duration maxWait) {

		RetryPolicy toPolicy() {
			return new RetryPolicy(maxAttempts, initialBackoff, maxBackoff, maxWait);
		}

	}

}
