package io.apmreports.net;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import io.apmreports.failure.UserFacingException;

/**
 * Which proxy a request goes through, read as the JDK and curl read it. The JDK's system
 * properties ({@code https.proxyHost}, {@code http.proxyHost}, their ports and
 * {@code http.nonProxyHosts}) win; else the environment ({@code https_proxy} or
 * {@code HTTPS_PROXY}, {@code http_proxy} or {@code HTTP_PROXY}, with the exceptions of
 * {@code no_proxy} or {@code NO_PROXY}), the lower-case name first, as curl reads them.
 * As with curl, a proxy from the environment is used for loopback too unless
 * {@code NO_PROXY} names it; the system properties keep the JDK's default exceptions
 * (localhost and 127.*). A proxy URL with a user name or password is refused, unechoed:
 * proxy authentication is not supported.
 */
public final class Proxies extends ProxySelector {

	/** The JDK's own exceptions when {@code http.nonProxyHosts} is not set. */
	private static final String JDK_NON_PROXY_HOSTS = "localhost|127.*|[::1]|0.0.0.0|[::0]";

	private final Optional<Route> https;

	private final Optional<Route> http;

	private Proxies(Optional<Route> https, Optional<Route> http) {
		this.https = https;
		this.http = http;
	}

	/** The proxies this process's settings and environment name. */
	public static Proxies fromSystem() {
		return of(System.getenv(), System.getProperties());
	}

	/** No proxy at all. */
	public static Proxies none() {
		return new Proxies(Optional.empty(), Optional.empty());
	}

	/**
	 * The proxies {@code environment} and {@code properties} name.
	 * @throws UserFacingException when one is not a plain http proxy URL without user
	 * info
	 */
	public static Proxies of(Map<String, String> environment, Properties properties) {
		return new Proxies(route("https", 443, environment, properties), route("http", 80, environment, properties));
	}

	private static Optional<Route> route(String scheme, int defaultPort, Map<String, String> environment,
			Properties properties) {
		String host = properties.getProperty(scheme + ".proxyHost", "").strip();
		if (!host.isEmpty()) {
			String port = properties.getProperty(scheme + ".proxyPort", "").strip();
			int number = port.isEmpty() ? defaultPort : port(port, scheme + ".proxyPort");
			String setting = scheme + ".proxyHost";
			return Optional.of(new Route(ProxyAddress.of(host, number, setting), setting,
					NonProxyHosts.jdk(properties.getProperty("http.nonProxyHosts", JDK_NON_PROXY_HOSTS))));
		}
		String lower = scheme + "_proxy";
		String name = present(environment, lower) ? lower : lower.toUpperCase(Locale.ROOT);
		if (!present(environment, name)) {
			return Optional.empty();
		}
		String noProxy = present(environment, "no_proxy") ? environment.get("no_proxy")
				: environment.getOrDefault("NO_PROXY", "");
		return Optional
			.of(new Route(ProxyAddress.parse(environment.get(name), name), name, NonProxyHosts.curl(noProxy)));
	}

	private static boolean present(Map<String, String> environment, String name) {
		String value = environment.get(name);
		return value != null && !value.isBlank();
	}

	private static int port(String port, String setting) {
		if (!port.matches("\\d{1,5}") || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65535) {
			throw new UserFacingException(setting + " is not a port number (1 to 65535)");
		}
		return Integer.parseInt(port);
	}

	/** The proxy a request to {@code uri} goes through, or none when it goes direct. */
	public Optional<ProxyAddress> proxyFor(URI uri) {
		String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
		Optional<Route> route = scheme.equals("https") ? https : scheme.equals("http") ? http : Optional.empty();
		String host = uri.getHost() == null ? "" : uri.getHost();
		// a proxy elsewhere would reach its own loopback, not this machine's: the demo's
		// sandbox is reached directly on a machine whose proxy is the company's
		return route.filter(candidate -> !candidate.bypass().skips(host))
			.filter(candidate -> !Loopback.is(host) || Loopback.is(candidate.proxy().host()))
			.map(Route::proxy);
	}

	@Override
	public List<Proxy> select(URI uri) {
		return List.of(proxyFor(uri)
			.map(proxy -> new Proxy(Proxy.Type.HTTP, InetSocketAddress.createUnresolved(proxy.host(), proxy.port())))
			.orElse(Proxy.NO_PROXY));
	}

	@Override
	public void connectFailed(URI uri, SocketAddress address, IOException failure) {
		// there is no other proxy to try: the failure is told by whoever sent the request
	}

	/** Where each scheme goes and from which setting: no user info is ever kept. */
	@Override
	public String toString() {
		return "https " + https.map(Route::toString).orElse("direct") + ", http "
				+ http.map(Route::toString).orElse("direct");
	}

	/** A proxy, the setting that named it, and the hosts it is not used for. */
	private record Route(ProxyAddress proxy, String setting, NonProxyHosts bypass) {

		@Override
		public String toString() {
			return "through proxy " + proxy + " (" + setting + ")";
		}

	}

}
