package io.apmreports.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.web.client.RestClient;

class HttpClientsTests {

	@Test
	void clientsOfOneBuilderEachHaveTheirOwnOneNamingInterceptor() {
		// given one builder, as the clients of several accounts share it
		RestClient.Builder shared = RestClient.builder();

		// when three clients are built from it
		List<RestClient> clients = List.of(client(shared), client(shared), client(shared));

		// then none has gathered the others' interceptors, nor left one on the builder
		for (RestClient client : clients) {
			assertThat(interceptors(client.mutate())).singleElement().isInstanceOf(NamedFailures.class);
		}
		assertThat(interceptors(shared)).isEmpty();
	}

	private static RestClient client(RestClient.Builder builder) {
		return HttpClients.restClient(builder, "https", Duration.ofSeconds(1), Duration.ofSeconds(1), Proxies.none());
	}

	private static List<ClientHttpRequestInterceptor> interceptors(RestClient.Builder builder) {
		List<ClientHttpRequestInterceptor> seen = new ArrayList<>();
		builder.requestInterceptors(seen::addAll);
		return seen;
	}

}
