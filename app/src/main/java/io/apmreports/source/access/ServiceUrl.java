package io.apmreports.source.access;

import java.net.URI;
import java.util.Locale;

import io.apmreports.failure.UserFacingException;
import io.apmreports.net.Loopback;

/**
 * The rule for a URL the key is sent to, whichever service it names: https, or plain http
 * to a loopback address only (the sandbox); never user info, a query or a fragment.
 */
public final class ServiceUrl {

	private ServiceUrl() {
	}

	/**
	 * The URL without a trailing slash, once it is known to be one the key may be sent
	 * to. A message quotes at most its origin: a key pasted by mistake, as user info or
	 * in place of the URL, is never echoed.
	 */
	public static URI checked(URI url, String setting) {
		String authority = url.getRawAuthority();
		if (url.getRawUserInfo() != null || authority != null && authority.contains("@")) {
			throw new UserFacingException(setting + " must not carry user info (the part before @): give the key "
					+ "in APM_API_KEY or a file named by apm.api-key-file");
		}
		String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
		if (url.getHost() == null || !(scheme.equals("https") || scheme.equals("http"))) {
			throw new UserFacingException(
					setting + " is not an http(s) URL with a host, such as https://api.example.com");
		}
		if (url.getQuery() != null || url.getFragment() != null) {
			throw new UserFacingException(setting + " " + origin(url) + " must not carry a query or a fragment");
		}
		if (scheme.equals("http") && !Loopback.is(url.getHost())) {
			throw new UserFacingException(setting + " " + origin(url)
					+ " is plain http: the API key would cross the network in clear text; use https "
					+ "(plain http is allowed only to a loopback address)");
		}
		String text = url.toString();
		return URI.create(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
	}

	private static String origin(URI url) {
		return url.getScheme() + "://" + url.getHost() + (url.getPort() == -1 ? "" : ":" + url.getPort());
	}

}
