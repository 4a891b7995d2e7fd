package io.apmreports.source.access;

import java.net.URI;

/**
 * The vendor's data centre an account lives in ({@code apm.region}): it gives both
 * services' addresses, so that a user need not know them. An explicit URL still wins.
 */
public enum Region {

	US("https://api.newrelic.com", "https://api.newrelic.com/graphql"),

	EU("https://api.eu.newrelic.com", "https://api.eu.newrelic.com/graphql");

	private final URI restUrl;

	private final URI graphqlUrl;

	Region(String restUrl, String graphqlUrl) {
		this.restUrl = URI.create(restUrl);
		this.graphqlUrl = URI.create(graphqlUrl);
	}

	/** REST v2's base URL, without {@code /v2}. */
	public URI restUrl() {
		return restUrl;
	}

	/** NerdGraph's endpoint. */
	public URI graphqlUrl() {
		return graphqlUrl;
	}

}
