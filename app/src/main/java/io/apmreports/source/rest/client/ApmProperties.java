package io.apmreports.source.rest.client;

import java.net.URI;
import java.time.Duration;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import io.apmreports.source.access.ApiKeys;

/**
 * Settings of the API client ({@code apm.*}). The key is not among them: see
 * {@link ApiKeys}.
 *
 * @param baseUrl the service's base URL ({@code APM_BASE_URL}); without it,
 * {@code apm.region}'s
 * @param keyHeader the header that carries the key: {@code X-Api-Key} for REST keys,
 * {@code Api-Key} for user keys
 * @param connectTimeout how long to wait for a connection
 * @param readTimeout how long to wait for an answer
 * @param rateLimit the account's requests per minute, which the client stays under; 0 for
 * no pacing
 * @param namesPerRequest the most metric names one metric-data request asks for; a value
 * family with more is fetched in several requests over the same range. The service
 * documents no cap; established clients ask for 15 to 50, and a longer URL risks a 414
 */
@ConfigurationProperties("apm")
@Validated
public record ApmProperties(URI baseUrl,
		@DefaultValue("X-Api-Key") @NotNull @Pattern(regexp = HEADER_NAME,
				message = "must be an HTTP header name") String keyHeader,
		@DefaultValue("5s") @NotNull @DurationMin(nanos = 0, inclusive = false) Duration connectTimeout,
		@DefaultValue("30s") @NotNull @DurationMin(nanos = 0, inclusive = false) Duration readTimeout,
		@DefaultValue("1000") @Min(0) int rateLimit, @DefaultValue("30") @Min(1) int namesPerRequest) {

	/** An RFC 9110 token. */
	static final String HEADER_NAME = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";

}
