package io.apmreports.source.rest.client;

import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;
import org.springframework.web.client.RestClient;

import io.apmreports.failure.UserFacingException;
import io.apmreports.net.HttpClients;
import io.apmreports.net.Proxies;
import io.apmreports.net.Reachable;
import io.apmreports.source.ConfiguredAccount;
import io.apmreports.source.SourceProperties;
import io.apmreports.source.access.ApiKey;
import io.apmreports.source.access.ApiKeys;
import io.apmreports.source.access.RequestPacer;

/**
 * Wires the API client: the endpoint from {@code apm.base-url} and the key from the
 * environment or a file; the HTTP client is built as every other is (see
 * {@link HttpClients}), through the proxy the settings name.
 */
@Configuration(proxyBeanMethods = false)
class ApmConfiguration {

	// Lazy, so that commands that never call the service (validate, sandbox) need no key.
	/**
	 * Whether the REST service answers, for the scheduler's readiness (health
	 * {@code source}), when it is the configured source.
	 */
	@Bean
	@ConditionalOnProperty(name = "apm.source", havingValue = "rest", matchIfMissing = true)
	Reachable sourceHealthIndicator(ObjectProvider<ApmEndpoint> endpoint, Clock clock) {
		return new Reachable(
				() -> URI
					.create(endpoint.getObject().baseUrl().toString().replaceAll("/+$", "") + "/v2/applications.json"),
				clock);
	}

	/**
	 * The endpoint of the first account, or with the configured key before any is named.
	 */
	@Bean
	@Lazy
	ApmEndpoint apmEndpoint(ApmAccounts accounts, ConfiguredAccount configured, SourceProperties sourceProperties) {
		return configured.ids().isEmpty() ? new ApmEndpoint(baseUrl(sourceProperties), defaultKey(sourceProperties))
				: accounts.endpoint(configured.required());
	}

	@Bean
	@Lazy
	ApmClient apmClient(RestClient.Builder builder, ApmEndpoint endpoint, SourceProperties sourceProperties) {
		return client(builder, endpoint, sourceProperties);
	}

	/**
	 * Each account's endpoint: its key from {@code apm.api-key-files.<account>}, else,
	 * for the first account, the configured one ({@code APM_API_KEY} or
	 * {@code apm.api-key-file}).
	 */
	@Bean
	@Lazy
	ApmAccounts apmAccounts(SourceProperties sourceProperties, ConfiguredAccount configured) {
		// the URL first: a key pasted into it is refused as such, not reported as a key
		// missing elsewhere; without one, the region's
		URI baseUrl = baseUrl(sourceProperties);
		return accountId -> {
			Path keyFile = sourceProperties.apiKeyFiles().get(accountId);
			if (keyFile != null) {
				return new ApmEndpoint(baseUrl, ApiKeys.fromFile(keyFile, "apm.api-key-files." + accountId));
			}
			if (accountId == configured.required()) {
				return new ApmEndpoint(baseUrl, defaultKey(sourceProperties));
			}
			throw new UserFacingException("no REST key for account " + accountId + ": REST's key decides the "
					+ "account, so name a file holding that account's key with --apm.api-key-files." + accountId
					+ "=PATH");
		};
	}

	private static URI baseUrl(SourceProperties sourceProperties) {
		return ApmEndpoint.checkedBaseUrl(
				sourceProperties.baseUrl() != null ? sourceProperties.baseUrl() : sourceProperties.region().restUrl());
	}

	private static ApiKey defaultKey(SourceProperties sourceProperties) {
		return ApiKeys.resolve(System.getenv(), sourceProperties.apiKeyFile());
	}

	/** Clients of the other accounts of a report over several, each with its own key. */
	@Bean
	@Lazy
	ApmAccountClients apmAccountClients(RestClient.Builder builder, ApmAccounts accounts,
			SourceProperties sourceProperties) {
		return accountId -> client(builder, accounts.endpoint(accountId), sourceProperties);
	}

	/** A client of the REST service with the endpoint's key, paced on its own. */
	static ApmClient client(RestClient.Builder builder, ApmEndpoint endpoint, SourceProperties sourceProperties) {
		return client(builder, endpoint, sourceProperties, Proxies.fromSystem());
	}

	/** The same through the proxies given: what a test points at a proxy of its own. */
	static ApmClient client(RestClient.Builder builder, ApmEndpoint endpoint, SourceProperties sourceProperties,
			Proxies proxies) {
		RestClient restClient = HttpClients.restClient(builder, endpoint.baseUrl().getScheme(),
				sourceProperties.connectTimeout(), sourceProperties.readTimeout(), proxies);
		return new ApmClient(restClient, endpoint, sourceProperties.keyHeader(), sourceProperties.retry().toPolicy(),
				new RequestPacer(sourceProperties.rateLimit(), Clock.systemUTC()), Clock.systemUTC(),
				sourceProperties.namesPerRequest());
	}

}
