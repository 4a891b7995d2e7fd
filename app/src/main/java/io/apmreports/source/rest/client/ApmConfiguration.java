package io.apmreports.source.rest.client;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

import io.apmreports.source.SourceProperties;
import io.apmreports.source.access.ApiKeys;
import io.apmreports.source.access.RequestPacer;

/**
 * Wires the API client: the endpoint from {@code apm.base-url} and the key from the
 * environment or a file, with connect and read timeouts, and redirects never followed (a
 * redirect would carry the key elsewhere).
 */
@Configuration(proxyBeanMethods = false)
class ApmConfiguration {

	// Lazy, so that commands that never call the service (validate, sandbox) need no key.
	@Bean
	@Lazy
	ApmEndpoint apmEndpoint(ApmProperties properties, SourceProperties sourceProperties) {
		// the URL first: a key pasted into it is refused as such, not reported as a key
		// missing elsewhere; without one, the region's
		URI baseUrl = ApmEndpoint
			.checkedBaseUrl(properties.baseUrl() != null ? properties.baseUrl() : sourceProperties.region().restUrl());
		return new ApmEndpoint(baseUrl, ApiKeys.resolve(System.getenv(), sourceProperties.apiKeyFile()));
	}

	@Bean
	@Lazy
	ApmClient apmClient(RestClient.Builder builder, ApmEndpoint endpoint, ApmProperties properties,
			SourceProperties sourceProperties) {
		HttpClient httpClient = HttpClient.newBuilder()
			.connectTimeout(properties.connectTimeout())
			.followRedirects(HttpClient.Redirect.NEVER)
			// over https HTTP/2 is negotiated; over loopback http, asking for it only
			// adds an h2c upgrade to each new connection
			.version("https".equals(endpoint.baseUrl().getScheme()) ? HttpClient.Version.HTTP_2
					: HttpClient.Version.HTTP_1_1)
			.build();
		JdkClientHttpRequestFactory requestFactory = new JdkClientHttpRequestFactory(httpClient);
		requestFactory.setReadTimeout(properties.readTimeout());
		return new ApmClient(builder.requestFactory(requestFactory).build(), endpoint, properties.keyHeader(),
				sourceProperties.retry().toPolicy(), new RequestPacer(properties.rateLimit(), Clock.systemUTC()),
				Clock.systemUTC(), properties.namesPerRequest());
	}

}
