package io.apmreports.net;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

import io.apmreports.failure.UserFacingException;

/**
 * A proxy's host and port, all that is ever shown of it.
 *
 * @param host the proxy's name or address
 * @param port its port
 */
record ProxyAddress(String host, int port) {

	/** curl's port for a proxy URL without one. */
	private static final int CURL_DEFAULT_PORT = 1080;

	static ProxyAddress of(String host, int port, String setting) {
		if (!host.matches("[A-Za-z0-9._-]+|\\[[0-9A-Fa-f:.]+]")) {
			throw new UserFacingException(setting + " is not a host name or address");
		}
		return new ProxyAddress(host, port);
	}

	/**
	 * The proxy of an environment variable: {@code http://host:port}, or curl's shorter
	 * {@code host:port}. A message never quotes the value, which may hold a password.
	 */
	static ProxyAddress parse(String value, String variable) {
		String text = value.strip();
		URI uri;
		try {
			uri = new URI(text.contains("://") ? text : "http://" + text);
		}
		catch (URISyntaxException ex) {
			throw notAProxy(variable);
		}
		if (uri.getRawUserInfo() != null || uri.getRawAuthority() != null && uri.getRawAuthority().contains("@")) {
			throw new UserFacingException(variable + " carries a user name or password: proxy authentication is "
					+ "not supported, so it is neither used nor shown; name a proxy that lets the tool through "
					+ "without it");
		}
		boolean http = "http".equals(uri.getScheme().toLowerCase(Locale.ROOT));
		boolean bare = uri.getRawPath() == null || uri.getRawPath().isEmpty() || uri.getRawPath().equals("/");
		if (!http || uri.getHost() == null || !bare || uri.getRawQuery() != null) {
			throw notAProxy(variable);
		}
		return of(uri.getHost(), uri.getPort() == -1 ? CURL_DEFAULT_PORT : uri.getPort(), variable);
	}

	private static UserFacingException notAProxy(String variable) {
		return new UserFacingException(variable + " is not an http:// proxy URL such as http://proxy.example.com:3128 "
				+ "(https:// and socks proxies are not supported)");
	}

	@Override
	public String toString() {
		return host + ":" + port;
	}

}
