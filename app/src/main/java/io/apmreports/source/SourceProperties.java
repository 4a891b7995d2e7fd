package io.apmreports.source;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import io.apmreports.definition.SourceKind;
import io.apmreports.formula.MetricNames;
import io.apmreports.source.access.Region;
import io.apmreports.source.access.RetryPolicy;

/**
 * Which service and account the figures come from, and what both sources share
 * ({@code apm.*}): the key's file, the metric names and database types asked for, and the
 * retries of transient failures; and the REST client's own settings, which its names put
 * directly under {@code apm}, as one record binds each prefix. The NRQL source's are its
 * room's ({@code apm.nrql.*}). The key is not among them: see {@code ApiKeys}.
 *
 * @param source the source of a report that does not pin its own
 * @param region the data centre, which gives both services' URLs unless
 * {@code apm.base-url} or {@code apm.nrql.graphql-url} is set
 * @param accountId the account a report reads, or several separated by commas for one
 * report over them all: NRQL's queries run in each, and for REST each is the account its
 * key was made in, which REST itself never tells; they keep the runs, files and e-mails
 * of two accounts apart
 * @param apiKeyFile a file holding the API key, instead of {@code APM_API_KEY}: one user
 * key serves both sources
 * @param datastoreTypes database types asked for with the timing family; a type outside
 * the list is found from the application's metric names when {@code Datastore/allWeb}
 * shows time the listed types do not account for
 * @param metrics metric names, the specification's by default
 * @param retry how transient failures are retried
 * @param accountNames names of accounts by id, for runs, files and e-mails; NRQL asks the
 * service for the name of an account not named here
 * @param apiKeyFiles for REST over several accounts, the file of each account's key by
 * account id (REST's key decides the account); the first account's may be the one of
 * {@code apm.api-key-file} or {@code APM_API_KEY}
 * @param baseUrl the REST service's base URL ({@code APM_BASE_URL}); without it,
 * {@code apm.region}'s
 * @param keyHeader the header that carries the REST key: {@code X-Api-Key} for REST keys,
 * {@code Api-Key} for user keys
 * @param connectTimeout how long the REST client waits for a connection
 * @param readTimeout how long the REST client waits for an answer
 * @param rateLimit the account's REST requests per minute, which the client stays under;
 * 0 for no pacing
 * @param namesPerRequest the most metric names one metric-data request asks for; a value
 * family with more is fetched in several requests over the same range. The service
 * documents no cap; established clients ask for 15 to 50, and a longer URL risks a 414
 * @param demo whether the run reads the in-process demo sandbox instead of the service;
 * set by {@code --demo}
 * @param demoOutbox where the demo's e-mail goes without {@code spring.mail.host}; set by
 * {@code run --demo --output-dir=DIR} to {@code DIR/outbox}. Without it,
 * {@code <report.output-dir>/demo/outbox}
 */
@ConfigurationProperties("apm")
@Validated
public record SourceProperties(@DefaultValue("rest") @NotNull SourceKind source,
		@DefaultValue("us") @NotNull Region region, List<@Positive Long> accountId, Path apiKeyFile, @DefaultValue( {
				"Postgres", "MySQL", "MariaDB", "MSSQL", "Oracle", "DB2", "SQLite", "Derby", "H2", "MongoDB", "Redis",
				"Memcached", "Cassandra", "Couchbase", "Elasticsearch", "DynamoDB", "Neptune",
				"Solr" }) @NotNull List<@NotBlank String> datastoreTypes,
		@DefaultValue @NotNull @Valid Metrics metrics, @DefaultValue @NotNull @Valid Retry retry,
		Map<Long, @NotBlank String> accountNames, Map<Long, Path> apiKeyFiles, URI baseUrl,
		@DefaultValue("X-Api-Key") @NotNull @Pattern(regexp = HEADER_NAME,
				message = "must be an HTTP header name") String keyHeader,
		@DefaultValue("5s") @NotNull @DurationMin(nanos = 0, inclusive = false) Duration connectTimeout,
		@DefaultValue("30s") @NotNull @DurationMin(nanos = 0, inclusive = false) Duration readTimeout,
		@DefaultValue("1000") @Min(0) int rateLimit, @DefaultValue("30") @Min(1) int namesPerRequest, boolean demo,
		Path demoOutbox){

	/** An RFC 9110 token. */
	static final String HEADER_NAME = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";

	public SourceProperties {
		accountNames = accountNames == null ? Map.of() : Map.copyOf(accountNames);
		apiKeyFiles = apiKeyFiles == null ? Map.of() : Map.copyOf(apiKeyFiles);
	}

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
	 * Metric names, configurable because an account may time a family under another name;
	 * the defaults are the service's names ({@link MetricNames#defaults()}).
	 *
	 * @param httpDispatcher web transactions
	 * @param webTransactionTotalTime web transaction total time
	 * @param queueTime request queuing
	 * @param otherTransaction non-web transactions
	 * @param database the generic database category
	 * @param orm the Ruby object-relational mapper ({@code ActiveRecord/all})
	 * @param cache cache ({@code Memcache/allWeb}; one family, read for every
	 * application)
	 * @param external web external
	 * @param datastorePrefix the start of every datastore metric
	 * @param datastoreSuffix the end of the per-type web datastore metric
	 * @param datastoreTotal web datastore time over all types
	 */
	public record Metrics(@DefaultValue("HttpDispatcher") @NotBlank String httpDispatcher,
			@DefaultValue("WebTransactionTotalTime") @NotBlank String webTransactionTotalTime,
			@DefaultValue("WebFrontend/QueueTime") @NotBlank String queueTime,
			@DefaultValue("OtherTransaction/all") @NotBlank String otherTransaction,
			@DefaultValue("Database/allWeb") @NotBlank String database,
			@DefaultValue("ActiveRecord/all") @NotBlank String orm,
			@DefaultValue("Memcache/allWeb") @NotBlank String cache,
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
