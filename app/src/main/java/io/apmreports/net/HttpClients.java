package io.apmreports.net;

import java.net.http.HttpClient;
import java.time.Duration;

import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * The one way the tool builds an HTTP client, whichever service it calls: through the
 * proxy {@link Proxies} chooses, with connect and read timeouts, redirects never followed
 * (a redirect would carry a key or a webhook's secret path elsewhere), and a failure to
 * get an answer told by whom: the host or the proxy.
 */
public final class HttpClients {

	private HttpClients() {
	}

	/**
	 * A client for a service reached by {@code scheme}: over https HTTP/2 is negotiated;
	 * over loopback http, asking for it only adds an h2c upgrade to each new connection.
	 */
	public static RestClient restClient(RestClient.Builder builder, String scheme, Duration connectTimeout,
			Duration readTimeout, Proxies proxies) {
		HttpClient httpClient = HttpClient.newBuilder()
			.proxy(proxies)
			.connectTimeout(connectTimeout)
			.followRedirects(HttpClient.Redirect.NEVER)
			.version("https".equalsIgnoreCase(scheme) ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1)
			.build();
		JdkClientHttpRequestFactory requestFactory = new JdkClientHttpRequestFactory(httpClient);
		requestFactory.setReadTimeout(readTimeout);
		// a clone: the builder is shared by the clients of several accounts, and build()
		// hands each client the builder's own list of interceptors
		return builder.clone().requestFactory(requestFactory).requestInterceptor(new NamedFailures(proxies)).build();
	}

}
