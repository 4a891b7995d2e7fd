package io.apmreports.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import io.apmreports.failure.UserFacingException;
import io.apmreports.testing.SilentServer;

class ReachableIntegrationTests {

	private final Clock clock = Clock.fixed(Instant.parse("2026-11-26T10:00:00Z"), ZoneOffset.UTC);

	@Test
	void anyAnswerIsReachableAndAskedOnceAMinute() throws IOException {
		// given a service that refuses a request without a key, as the real ones do
		AtomicInteger asked = new AtomicInteger();
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		server.createContext("/", exchange -> {
			asked.incrementAndGet();
			exchange.sendResponseHeaders(401, -1);
			exchange.close();
		});
		server.start();
		try {
			Reachable reachable = new Reachable(
					() -> URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v2/applications.json"),
					clock);

			// when a probe asks twice within the minute
			Health first = reachable.health();
			Health second = reachable.health();

			// then
			assertThat(first.getStatus()).isEqualTo(Status.UP);
			assertThat(first.getDetails()).containsEntry("answered", "HTTP 401")
				.containsEntry("host", "127.0.0.1:" + server.getAddress().getPort());
			assertThat(second).isSameAs(first);
			assertThat(asked).hasValue(1);
		}
		finally {
			server.stop(0);
		}
	}

	@Test
	void aServiceThatDoesNotAnswerIsDownWithTheCauseNamed() throws IOException {
		// given
		int port = SilentServer.closedPort();

		// when
		Health health = new Reachable(() -> URI.create("http://127.0.0.1:" + port + "/graphql"), clock).health();
		Health unset = new Reachable(() -> {
			throw new UserFacingException("no API key: set the environment variable APM_API_KEY");
		}, clock).health();

		// then
		assertThat(health.getStatus()).isEqualTo(Status.DOWN);
		assertThat(health.getDetails()).containsEntry("error", "connection refused by 127.0.0.1:" + port);
		assertThat(unset.getStatus()).isEqualTo(Status.DOWN);
		assertThat(unset.getDetails()).containsEntry("error", "no API key: set the environment variable APM_API_KEY");
	}

}
