package io.apmreports.rest;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import io.apmreports.access.ApiKeys;
import io.apmreports.access.RetryPolicy;
import io.apmreports.formula.MetricNames;

/**
 * Settings of the API client ({@code apm.*}). The key is not among them: see
 * {@link ApiKeys}.
 *
 * @param baseUrl the service's base URL ({@code APM_BASE_URL}); without it,
 * {@code apm.region}'s
 * @param apiKeyFile a file holding the API key, instead of {@code APM_API_KEY}
 * @param keyHeader the header that carries the key: {@code X-Api-Key} for REST keys,
 * {@code Api-Key} for user keys
 * @param connectTimeout how long to wait for a connection
 * @param readTimeout how long to wait for an answer
 * @param datastoreTypes database types asked for in the one summarized request; a type
 * outside the list is found from the application's metric names when
 * {@code Datastore/allWeb} shows time the listed types do not account for
 * @param metrics metric names, the specification's by default
 * @param retry how transient failures are retried
 * @param rateLimit the account's requests per minute, which the client stays under; 0 for
 * no pacing
 * @param namesPerRequest the most metric names one metric-data request asks for; a value
 * family with more is fetched in several requests over the same range. The service
 * documents no cap; established clients ask for 15 to 50, and a longer URL risks a 414
 * @param dataDir the H2 job repository's directory (and the log file's): H2 takes a
 * relative path only when it says so with a leading {@code ./}
 */
@ConfigurationProperties("apm")
@Validated
public record ApmProperties(URI baseUrl, Path apiKeyFile,
		@DefaultValue("X-Api-Key") @NotNull @Pattern(regexp = HEADER_NAME,
				message = "must be an HTTP header name") String keyHeader,
		@DefaultValue("5s") @NotNull @DurationMin(nanos = 0, inclusive = false) Duration connectTimeout,
		@DefaultValue("30s") @NotNull @DurationMin(nanos = 0, inclusive = false) Duration readTimeout, @DefaultValue( {
				"Postgres", "MySQL", "MariaDB", "MSSQL", "Oracle", "DB2", "SQLite", "Derby", "H2", "MongoDB", "Redis",
				"Memcached", "Cassandra", "Couchbase", "Elasticsearch", "DynamoDB", "Neptune",
				"Solr" }) @NotNull List<@NotBlank String> datastoreTypes,
		@DefaultValue @NotNull @Valid Metrics metrics, @DefaultValue @NotNull @Valid Retry retry,
		@DefaultValue("1000") @Min(0) int rateLimit, @DefaultValue("30") @Min(1) int namesPerRequest,
		// its default is in application.yml, which builds the H2 URL and the log file's
		// name from it
		@NotNull @Pattern(regexp = EXPLICIT_PATH,
				message = "must be an absolute path, or start with ./ for one relative to the working directory") String dataDir){

	/** An RFC 9110 token. */
	static final String HEADER_NAME = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";

	/**
	 * What H2 takes as a file database's directory: absolute, or explicitly relative
	 * ({@code ./}, {@code ../}).
	 */
	static final String EXPLICIT_PATH = "([/\\\\]|[A-Za-z]:|\\.\\.?([/\\\\]|$)).*";

	/**
	 * Retries of transient failures (429, 5xx, timeouts, broken connections).
	 *
	 * @param maxAttempts attempts in all, the first included
	 * @param initialBackoff the first wait, doubled on each further failure, with jitter
	 * @param maxBackoff the longest computed wait
	 * @param maxWait the longest wait honoured when the service asks for one
	 * (Retry-After, X-RateLimit-Reset)
	 */
	public record Retry(@DefaultValue("6") @Min(1) int maxAttempts,
			@DefaultValue("500ms") @NotNull @DurationMin(nanos = 0) Duration initialBackoff,
			@DefaultValue("30s") @NotNull @DurationMin(nanos = 0) Duration maxBackoff,
			@DefaultValue("120s") @NotNull @DurationMin(nanos = 0) Duration maxWait) {

		public RetryPolicy toPolicy() {
			return new RetryPolicy(maxAttempts, initialBackoff, maxBackoff, maxWait);
		}

	}

	/**
	 * Metric names, configurable because the real service names some families differently
	 * from the specification.
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
	public record Metrics(@DefaultValue("HttpDispatcher") @NotBlank String httpDispatcher,
			@DefaultValue("WebTransactionTotalTime") @NotBlank String webTransactionTotalTime,
			@DefaultValue("WebFrontend/QueueTime") @NotBlank String queueTime,
			@DefaultValue("OtherTransaction/all") @NotBlank String otherTransaction,
			@DefaultValue("Database/allWeb") @NotBlank String database, @DefaultValue("Orm/all") @NotBlank String orm,
			@DefaultValue("Cache/allWeb") @NotBlank String cache,
			@DefaultValue("External/allWeb") @NotBlank String external,
			@DefaultValue("Datastore/") @NotBlank String datastorePrefix,
			@DefaultValue("/allWeb") @NotNull String datastoreSuffix,
			@DefaultValue("Datastore/allWeb") @NotBlank String datastoreTotal) {

		public MetricNames toMetricNames() {
			return new MetricNames(httpDispatcher, webTransactionTotalTime, queueTime, otherTransaction, database, orm,
					cache, external, datastorePrefix, datastoreSuffix, datastoreTotal);
		}

	}

}
