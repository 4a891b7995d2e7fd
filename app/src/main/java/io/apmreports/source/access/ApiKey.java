package io.apmreports.source.access;

import java.util.Objects;

/**
 * The account's API key. Its {@link #toString()} never shows the key, so that it cannot
 * slip into a log line, an exception message or a job parameter by accident.
 */
public final class ApiKey {

	private final String value;

	public ApiKey(String value) {
		if (value == null || value.isBlank()) {
			throw new IllegalArgumentException("an API key must not be blank");
		}
		this.value = value.strip();
	}

	/** The key itself, for the request header and nothing else. */
	public String reveal() {
		return value;
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof ApiKey key && key.value.equals(value);
	}

	@Override
	public int hashCode() {
		return Objects.hash(value);
	}

	@Override
	public String toString() {
		return "ApiKey[hidden]";
	}

}
