package io.apmreports.rest;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;

import io.apmreports.UserFacingException;

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
	 * to. A message quotes at most its origin: a key pasted by mistake, as user info or
	 * in place of the URL, is never echoed.
	 */
	static URI checkedBaseUrl(URI url) {
		if (url == null) {
			throw new UserFacingException(
					"no base URL: set APM_BASE_URL (apm.base-url) to the service's https URL, or try --demo");
		}
		String authority = url.getRawAuthority();
		if (url.getRawUserInfo() != null || authority != null && authority.contains("@")) {
			throw new UserFacingException("apm.base-url must not carry user info (the part before @): give the key "
					+ "in APM_API_KEY or a file named by apm.api-key-file");
		}
		String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
		if (url.getHost() == null || !(scheme.equals("https") || scheme.equals("http"))) {
			throw new UserFacingException(
					"apm.base-url is not an http(s) URL with a host, such as https://api.example.com");
		}
		if (url.getQuery() != null || url.getFragment() != null) {
			throw new UserFacingException("apm.base-url " + origin(url) + " must not carry a query or a fragment");
		}
		if (scheme.equals("http") && !isLoopback(url.getHost())) {
			throw new UserFacingException("apm.base-url " + origin(url)
					+ " is plain http: the API key would cross the network in clear text; use https "
					+ "(plain http is allowed only to a loopback address)");
		}
		String text = url.toString();
		return URI.create(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
	}

	private static String origin(URI url) {
		return url.getScheme() + "://" + url.getHost() + (url.getPort() == -1 ? "" : ":" + url.getPort());
	}

	static boolean isLoopback(String host) {
		String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
		if (bare.equalsIgnoreCase("localhost")) {
			return true;
		}
		if (!bare.matches("[0-9.]+|[0-9a-fA-F]*:[0-9a-fA-F:.]*")) {
			// never resolve a name here: only literal addresses can be checked without
			// trusting DNS
			return false;
		}
		try {
			return InetAddress.getByName(bare).isLoopbackAddress();
		}
		catch (UnknownHostException ex) {
			return false;
		}
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
