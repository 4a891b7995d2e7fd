package io.apmreports.net;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.web.client.RestClient;

import io.apmreports.failure.Failures;
import io.apmreports.failure.NoAnswer;

/**
 * Whether a service answers at all, for a readiness probe: a request without a key, which
 * any answer (a 401 included) proves reachable and which costs nothing of the account's
 * request limit. Asked at most once a minute however often the probe asks; a failure is
 * told as a run would tell it (unknown host, connection refused, TLS, proxy).
 */
public final class Reachable implements HealthIndicator {

	private static final Duration FRESH = Duration.ofMinutes(1);

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	private final Supplier<URI> url;

	private final Clock clock;

	private Health last;

	private Instant asked;

	/**
	 * @param url the address asked, from the source's settings; a setting that gives none
	 * (a missing key, say) is told as the reason the source is not ready
	 */
	public Reachable(Supplier<URI> url, Clock clock) {
		this.url = url;
		this.clock = clock;
	}

	@Override
	public synchronized Health health() {
		Instant now = clock.instant();
		if (last == null || asked.plus(FRESH).isBefore(now)) {
			last = ask();
			asked = now;
		}
		return last;
	}

	private Health ask() {
		URI address;
		RestClient client;
		try {
			address = url.get();
			// a proxy setting it cannot take is told as such, not as no answer
			client = HttpClients.restClient(RestClient.builder(), address.getScheme(), TIMEOUT, TIMEOUT,
					Proxies.fromSystem());
		}
		catch (RuntimeException ex) {
			return Health.down().withDetail("error", Failures.forUser(ex)).build();
		}
		String host = address.getHost() + (address.getPort() < 0 ? "" : ":" + address.getPort());
		try {
			int status = client.get().uri(address).exchange((request, response) -> response.getStatusCode().value());
			return Health.up().withDetail("host", host).withDetail("answered", "HTTP " + status).build();
		}
		catch (RuntimeException ex) {
			return Health.down().withDetail("host", host).withDetail("error", NoAnswer.why(ex)).build();
		}
	}

}
