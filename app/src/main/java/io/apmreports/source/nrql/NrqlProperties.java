package io.apmreports.source.nrql;

import java.net.URI;
import java.time.Duration;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the NRQL source ({@code apm.nrql.*}). The key is the REST source's (one
 * user key serves both), found the same way; retries follow {@code apm.retry}.
 *
 * @param graphqlUrl NerdGraph's URL; when absent, {@code apm.base-url}'s
 * {@code /graphql}, else {@code apm.region}'s
 * @param rateLimit NRQL queries per minute the client stays under (the vendor allows
 * 3,000 per account)
 * @param concurrency queries in flight at once (the vendor advises about 5 faceted
 * queries over long periods, and refuses more than 25 requests at once)
 * @param timeout the query timeout sent with each query, 5 s to 120 s as NerdGraph takes
 * it (its own default is 5 s)
 * @param maxFacets the most facets one query may answer ({@code LIMIT MAX} is 5,000):
 * queries are sized under it, and an answer that reaches it is split and asked again
 * @param connectTimeout how long to wait for a connection
 * @param readTimeout how long to wait for an answer: longer than {@code timeout}, which
 * the service may take in full
 */
@ConfigurationProperties("apm.nrql")
@Validated
public record NrqlProperties(URI graphqlUrl, @DefaultValue("3000") @Min(0) int rateLimit,
		@DefaultValue("5") @Min(1) @Max(25) int concurrency,
		@DefaultValue("60s") @NotNull @DurationMin(seconds = 5) @DurationMax(seconds = 120) Duration timeout,
		@DefaultValue("5000") @Min(2) @Max(5000) int maxFacets,
		@DefaultValue("5s") @NotNull @DurationMin(nanos = 0, inclusive = false) Duration connectTimeout,
		@DefaultValue("90s") @NotNull @DurationMin(nanos = 0, inclusive = false) Duration readTimeout) {

	/** The URL to use: the one given, else {@code regionDefault}, the region's. */
	public URI graphqlUrlOr(URI regionDefault) {
		return graphqlUrlOr(null, regionDefault);
	}

	/**
	 * The URL to use: the one given; else, when {@code apm.base-url} names another REST
	 * address, its {@code /graphql}, as each region's NerdGraph is its REST address's (a
	 * service of one's own, such as the sandbox, answers both, and a report pointed at it
	 * must never reach the vendor for its tags); else {@code regionDefault}.
	 */
	public URI graphqlUrlOr(URI restBaseUrl, URI regionDefault) {
		if (graphqlUrl != null) {
			return graphqlUrl;
		}
		if (restBaseUrl != null) {
			return URI.create(restBaseUrl.toString().replaceAll("/+$", "") + "/graphql");
		}
		return regionDefault;
	}

}
