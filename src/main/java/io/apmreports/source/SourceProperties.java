package io.apmreports.source;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import io.apmreports.access.Region;

/**
 * Which service and account the figures come from ({@code apm.source},
 * {@code apm.region}, {@code apm.account-id}).
 *
 * @param source the source of a report that does not pin its own
 * @param region the data centre, which gives both services' URLs unless
 * {@code apm.base-url} or {@code apm.nrql.graphql-url} is set
 * @param accountId the account NRQL queries run in (REST's key names its account itself);
 * needed only by the NRQL source
 */
@ConfigurationProperties("apm")
@Validated
public record SourceProperties(@DefaultValue("rest") @NotNull SourceKind source,
		@DefaultValue("us") @NotNull Region region, @Positive Long accountId) {
}
