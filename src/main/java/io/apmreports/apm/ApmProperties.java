package io.apmreports.apm;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import io.apmreports.UserFacingException;
import io.apmreports.formula.MetricNames;

/**
 * Settings of the API client ({@code apm.*}). The key is not among them: see {@link ApiKeys}.
 *
 * @param baseUrl the service's base URL ({@code APM_BASE_URL})
 * @param apiKeyFile a file holding the API key, instead of {@code APM_API_KEY}
 * @param keyHeader the header that carries the key: {@code X-Api-Key} for REST keys, {@code Api-Key} for user keys
 * @param connectTimeout how long to wait for a connection
 * @param readTimeout how long to wait for an answer
 * @param datastoreTypes database types asked for in the one summarized request; a type outside the list is found
 * from the application's metric names when {@code Datastore/allWeb} shows time the listed types do not account for
 * @param metrics metric names, the specification's by default
 * @param retry how transient failures are retried
 * @param rateLimit the account's requests per minute, which the client stays under; 0 for no pacing
 * @param namesPerRequest the most metric names one metric-data request asks for; a value family with more is
 * fetched in several requests over the same range. The service documents no cap; established clients ask for 15 to
 * 50, and a longer URL risks a 414
 */
@ConfigurationProperties("apm")
public record ApmProperties(URI baseUrl, Path apiKeyFile, @DefaultValue("X-Api-Key") String keyHeader,
		@DefaultValue("5s") Duration connectTimeout, @DefaultValue("30s") Duration readTimeout,
		@DefaultValue({ "Postgres", "MySQL", "MariaDB", "MSSQL", "Oracle", "DB2", "SQLite", "Derby", "H2", "MongoDB",
				"Redis", "Memcached", "Cassandra", "Couchbase", "Elasticsearch", "DynamoDB", "Neptune", "Solr" })
		List<String> datastoreTypes, @DefaultValue Metrics metrics, @DefaultValue Retry retry,
		@DefaultValue("1000") int rateLimit, @DefaultValue("30") int namesPerRequest) {

	public ApmProperties {
		if (namesPerRequest < 1) {
			throw new UserFacingException("apm.names-per-request must be at least 1, not " + namesPerRequest);
		}
	}

	/**
	 * Retries of transient failures (429, 5xx, timeouts, broken connections).
	 *
	 * @param maxAttempts attempts in all, the first included
	 * @param initialBackoff the first wait, doubled on each further failure, with jitter
	 * @param maxBackoff the longest computed wait
	 * @param maxWait the longest wait honoured when the service asks for one (Retry-After, X-RateLimit-Reset)
	 */
	public record Retry(@DefaultValue("6") int maxAttempts, @DefaultValue("500ms") Duration initialBackoff,
			@DefaultValue("30s") Duration maxBackoff, @DefaultValue("120s") Duration maxWait) {

		public RetryPolicy toPolicy() {
			return new RetryPolicy(maxAttempts, initialBackoff, maxBackoff, maxWait);
		}

	}

	/**
	 * Metric names, configurable because the real service names some families differently from the specification.
	 *
	 * @param httpDispatcher web transactions
	 * @param webTransactionTotalTime web transaction total time
	 * @param queueTime request queuing
	 * @param otherTransaction non-web transactions
	 * @param database the generic database category
	 * @param orm the Ruby object-relational mapper
	 * @param cache cache
	 * @param external web external
	 * @param datastorePrefix the start of every datastore metric
	 * @param datastoreSuffix the end of the per-type web datastore metric
	 * @param datastoreTotal web datastore time over all types
	 */
	public record Metrics(@DefaultValue("HttpDispatcher") String httpDispatcher,
			@DefaultValue("WebTransactionTotalTime") String webTransactionTotalTime,
			@DefaultValue("WebFrontend/QueueTime") String queueTime,
			@DefaultValue("OtherTransaction/all") String otherTransaction,
			@DefaultValue("Database/allWeb") String database, @DefaultValue("Orm/all") String orm,
			@DefaultValue("Cache/allWeb") String cache, @DefaultValue("External/allWeb") String external,
			@DefaultValue("Datastore/") String datastorePrefix, @DefaultValue("/allWeb") String datastoreSuffix,
			@DefaultValue("Datastore/allWeb") String datastoreTotal) {

		public MetricNames toMetricNames() {
			return new MetricNames(httpDispatcher, webTransactionTotalTime, queueTime, otherTransaction, database, orm,
					cache, external, datastorePrefix, datastoreSuffix, datastoreTotal);
		}

	}

}
