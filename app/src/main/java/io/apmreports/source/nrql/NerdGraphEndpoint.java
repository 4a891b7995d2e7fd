package io.apmreports.source.nrql;

import java.net.URI;

import io.apmreports.failure.UserFacingException;
import io.apmreports.source.access.ApiKey;
import io.apmreports.source.access.ServiceUrl;

/**
 * Where NerdGraph is, the key to use there, and the account to read. The key crosses the
 * network in a header, so the URL must be https (plain http only to the loopback
 * interface: the sandbox).
 *
 * @param graphqlUrl NerdGraph's URL, e.g. {@code https://api.newrelic.com/graphql}
 * @param apiKey the user key
 * @param accountId the account the queries read
 */
public record NerdGraphEndpoint(URI graphqlUrl, ApiKey apiKey, long accountId) {

	public NerdGraphEndpoint {
		if (graphqlUrl == null) {
			throw new UserFacingException("no NerdGraph URL: set apm.nrql.graphql-url");
		}
		graphqlUrl = ServiceUrl.checked(graphqlUrl, "apm.nrql.graphql-url");
		if (apiKey == null) {
			throw new UserFacingException("no API key given");
		}
		if (accountId <= 0) {
			throw new UserFacingException("apm.account-id must be the positive id of the account to read");
		}
	}

}
