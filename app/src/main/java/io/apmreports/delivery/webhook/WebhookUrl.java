package io.apmreports.delivery.webhook;

import java.net.URI;
import java.util.Objects;

/**
 * A channel's webhook URL. Whoever has it can post to the channel, so it is a secret: its
 * {@link #toString()} shows only the host, and it is revealed for the request alone.
 */
public final class WebhookUrl {

	private final URI uri;

	WebhookUrl(URI uri) {
		this.uri = Objects.requireNonNull(uri);
	}

	URI reveal() {
		return uri;
	}

	@Override
	public String toString() {
		return "webhook at " + uri.getHost();
	}

}
