package io.apmreports.delivery.webhook;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.util.StreamUtils;
import org.springframework.util.function.SingletonSupplier;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;

import io.apmreports.failure.NoAnswer;
import io.apmreports.definition.Recipient;
import io.apmreports.failure.Failures;
import io.apmreports.failure.Unreachable;
import io.apmreports.net.HttpClients;
import io.apmreports.net.Proxies;

/**
 * Posts a message to a channel's webhook. 429 and 5xx answers and broken connections are
 * tried again, after the {@code Retry-After} the service asks for or else a doubling
 * delay; any other refusal fails the channel at once, with the service's short reason.
 * Nothing it says or throws carries the URL: a client failure is told by its kind, never
 * by its message, which names the URL.
 */
public final class WebhookPoster {

	private static final Logger log = LoggerFactory.getLogger(WebhookPoster.class);

	/**
	 * A service asking for a longer wait is not waited for: the run fails and is
	 * restarted.
	 */
	private static final Duration LONGEST_WAIT = Duration.ofMinutes(10);

	private final SingletonSupplier<RestClient> client;

	private final int attempts;

	private final Duration retryDelay;

	/** A poster through the proxy the settings name, waiting 30 s for an answer. */
	public WebhookPoster(int attempts, Duration retryDelay) {
		this(attempts, retryDelay, Duration.ofSeconds(30), Proxies::fromSystem);
	}

	WebhookPoster(int attempts, Duration retryDelay, Duration readTimeout, Supplier<Proxies> proxies) {
		// built when first needed: a proxy setting the tool refuses must not stop a run
		// that posts nothing; the services are https, where HTTP/2 is negotiated
		this.client = SingletonSupplier.of(() -> HttpClients.restClient(RestClient.builder(), "https",
				Duration.ofSeconds(10), readTimeout, proxies.get()));
		this.attempts = attempts;
		this.retryDelay = retryDelay;
	}

	/**
	 * Refuses, in one line and before anything is sent, a proxy setting the posts could
	 * not go through.
	 */
	public void check() {
		client.obtain();
	}

	/** What the service answered. */
	public record Answer(int status, String body, Duration retryAfter) {

		boolean worthRetrying() {
			return status == 429 || status >= 500;
		}

	}

	/**
	 * Posts {@code json}, tried again while worth it; {@code accepted} says which answer
	 * is a success, as each service has its own.
	 */
	public void post(Recipient channel, WebhookUrl url, String json, Predicate<Answer> accepted) {
		String last = null;
		for (int attempt = 1; attempt <= attempts; attempt++) {
			Answer answer;
			try {
				answer = send(url, json);
			}
			catch (ResourceAccessException ex) {
				last = NoAnswer.why(ex);
				if (Unreachable.isLasting(ex)) {
					// a proxy that refuses will refuse again
					throw new WebhookException("the message to " + channel.key() + " could not be sent: " + last);
				}
				log.warn("{} could not be reached (attempt {} of {}): {}", channel.key(), attempt, attempts, last);
				if (attempt < attempts) {
					pause(delay(attempt, null), channel);
				}
				continue;
			}
			if (accepted.test(answer)) {
				return;
			}
			last = "HTTP " + answer.status() + (answer.body().isBlank() ? "" : " " + answer.body());
			if (!answer.worthRetrying()) {
				throw new WebhookException(channel.channel().label() + " refused the message to " + channel.key() + " ("
						+ last + ")" + advice(answer.status(), channel));
			}
			log.warn("{} answered {} (attempt {} of {})", channel.key(), last, attempt, attempts);
			if (answer.retryAfter() != null && answer.retryAfter().compareTo(LONGEST_WAIT) > 0) {
				throw new WebhookException(
						channel.channel().label() + " asked to wait " + answer.retryAfter().toSeconds()
								+ " s before the message to " + channel.key() + " is sent again");
			}
			if (attempt < attempts) {
				pause(delay(attempt, answer.retryAfter()), channel);
			}
		}
		throw new WebhookException("the message to " + channel.key() + " could not be sent after " + attempts
				+ (attempts == 1 ? " attempt" : " attempts") + ": " + last);
	}

	private Answer send(WebhookUrl url, String json) {
		return client.obtain()
			.post()
			.uri(url.reveal())
			.contentType(MediaType.APPLICATION_JSON)
			.body(json.getBytes(StandardCharsets.UTF_8))
			.exchange((request, response) -> {
				String body = StreamUtils.copyToString(response.getBody(), StandardCharsets.UTF_8);
				return new Answer(response.getStatusCode().value(), shortReason(body),
						retryAfter(response.getHeaders().getFirst("Retry-After")));
			}, false);
	}

	/** What a refusal means for the one who set the channel up. */
	private static String advice(int status, Recipient channel) {
		if (status == 404 || status == 410 || status == 403) {
			return ": the webhook is gone or may not post there; make a new one and put it in "
					+ WebhookUrls.variable(channel) + " or the file of " + WebhookUrls.setting(channel);
		}
		if (status == 413) {
			return ": the message is too large for the service";
		}
		return "";
	}

	private Duration delay(int attempt, Duration retryAfter) {
		return retryAfter != null ? retryAfter : retryDelay.multipliedBy(1L << Math.min(attempt - 1, 10));
	}

	private void pause(Duration delay, Recipient channel) {
		if (delay.isZero() || delay.isNegative()) {
			return;
		}
		try {
			Thread.sleep(delay.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new WebhookException("the message to " + channel.key() + " was interrupted before it was sent");
		}
	}

	/**
	 * The service's reason, as short as it is meant to be ({@code no_service}), a long
	 * one cut rather than dropped, so that a failure told in a success's body still
	 * shows; never a page of HTML.
	 */
	static String shortReason(String body) {
		String line = Failures.firstLine(body == null ? "" : body.strip());
		return line.startsWith("<") ? "" : ChatText.cut(line, 80);
	}

	/**
	 * Seconds only: the services send them so, and a date would come from another clock.
	 */
	static Duration retryAfter(String header) {
		if (header == null || !header.strip().matches("\\d{1,9}")) {
			return null;
		}
		return Duration.ofSeconds(Long.parseLong(header.strip()));
	}

}
