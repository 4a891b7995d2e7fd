package io.apmreports.source.rest.client;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.StringJoiner;

/**
 * A query string whose names and values are form-encoded, so {@code +} goes out as
 * {@code %2B}.
 */
final class QueryString {

	private final StringJoiner parameters = new StringJoiner("&", "?", "").setEmptyValue("");

	QueryString add(String name, String value) {
		parameters.add(encode(name) + "=" + encode(value));
		return this;
	}

	private static String encode(String text) {
		return URLEncoder.encode(text, StandardCharsets.UTF_8);
	}

	@Override
	public String toString() {
		return parameters.toString();
	}

}
