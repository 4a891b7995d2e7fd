package io.apmreports.source.rest.client;

import java.net.URI;

import io.apmreports.failure.UserFacingException;
import io.apmreports.source.access.ApiKey;
import io.apmreports.source.access.ServiceUrl;

/**
 * Where the service is and the key to use there. The key crosses the network in a header,
 * so the base URL must be https; plain http is allowed only to the loopback interface
 * (the sandbox).
 *
 * @param baseUrl the service's base URL, without the {@code /v2} prefix
 * @param apiKey the account's key
 */
public record ApmEndpoint(URI baseUrl, ApiKey apiKey) {

	public ApmEndpoint {
		baseUrl = checkedBaseUrl(baseUrl);
		if (apiKey == null) {
			throw new UserFacingException("no API key given");
		}
	}

	/**
	 * The URL without a trailing slash, once it is known to be one the key may be sent
	 * to.
	 */
	public static URI checkedBaseUrl(URI url) {
		if (url == null) {
			throw new UserFacingException(
					"no base URL: set APM_BASE_URL (apm.base-url) to the service's https URL, or try --demo");
		}
		return ServiceUrl.checked(url, "apm.base-url");
	}

	/**
	 * Whether {@code uri} points at this service (same scheme, host and port), so the key
	 * may be sent there.
	 */
	boolean isSameOrigin(URI uri) {
		return baseUrl.getScheme().equalsIgnoreCase(uri.getScheme())
				&& baseUrl.getHost().equalsIgnoreCase(uri.getHost()) && port(baseUrl) == port(uri);
	}

	private static int port(URI uri) {
		if (uri.getPort() != -1) {
			return uri.getPort();
		}
		return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
	}

}
